import { userIdsAfter } from '../../domain/auth/users';
import { generateFollowups } from '../../domain/followups/followups';
import { recomputeScores } from '../../domain/scoring/relationship-score';
import { perUserJob } from '../fan-out';

/**
 * Nightly: recompute every score of a user (time decays them) and generate follow-ups. The
 * cron's job fans out one job per user, so one user's large account cannot stall the others.
 */
export const refreshRelationships = perUserJob('refresh_relationships', userIdsAfter, async (deps, userId) => {
  await recomputeScores(deps.db, userId);
  await generateFollowups(deps.db, userId);
});
