import { asc, gt } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../domain/deps';
import { generateFollowups } from '../../domain/followups/followups';
import { recomputeScores } from '../../domain/scoring/relationship-score';
import type { JobMessage } from '../messages';

/** Nightly: recompute every score of a user (time decays them) and generate follow-ups. */
export async function refreshRelationships(deps: Deps, job: Extract<JobMessage, { type: 'refresh_relationships' }>): Promise<void> {
  if (job.user_id) {
    await recomputeScores(deps.db, job.user_id);
    await generateFollowups(deps.db, job.user_id);
    return;
  }
  // Fan out: one job per user, so one user's large account cannot stall the others.
  let after = '';
  for (;;) {
    const page = await deps.db.select({ id: users.id }).from(users).where(gt(users.id, after)).orderBy(asc(users.id)).limit(100);
    if (page.length === 0) break;
    await deps.jobs.sendBatch(page.map((u) => ({ body: { type: 'refresh_relationships' as const, user_id: u.id } })));
    after = page[page.length - 1]!.id;
  }
}
