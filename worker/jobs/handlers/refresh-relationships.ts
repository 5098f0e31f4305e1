import { userIdsAfter } from '../../domain/auth/users';
import { depsForUser, type ServerDeps } from '../../domain/deps';
import { generateFollowups } from '../../domain/followups/followups';
import { recomputeScores } from '../../domain/scoring/relationship-score';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';

/** Nightly: recompute every score of a user (time decays them) and generate follow-ups. */
export async function refreshRelationships(server: ServerDeps, job: Extract<JobMessage, { type: 'refresh_relationships' }>): Promise<void> {
  if (job.user_id) {
    const deps = await depsForUser(server, job.user_id);
    await recomputeScores(deps.db, job.user_id);
    await generateFollowups(deps.db, job.user_id);
    return;
  }
  // Fan out: one job per user, so one user's large account cannot stall the others.
  await fanOutStep(server, job.type, job, userIdsAfter);
}
