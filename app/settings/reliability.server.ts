import { listAuditLog } from '../../worker/domain/audit/audit-log';
import { listDeadLetters } from '../../worker/domain/dead-letters/dead-letters';
import type { Deps } from '../../worker/domain/deps';
import type { ActivityEntry } from './activity-log-card';
import type { FailedJob } from './failed-jobs-card';

/** Failed background jobs and the latest activity, for the Settings page. */
export async function loadReliability(
  deps: Deps,
  userId: string,
): Promise<{ failedJobs: { items: FailedJob[]; total: number }; activity: ActivityEntry[] }> {
  const [failed, audit] = await Promise.all([listDeadLetters(deps, userId, 1, 20), listAuditLog(deps.db, userId, 1, 5)]);
  return {
    failedJobs: failed,
    // The stored data can be large (a bulk delete lists every contact): the page needs only the line.
    activity: audit.items.map(({ id, action, summary, created_at }) => ({ id, action, summary, created_at })),
  };
}
