import type { Deps } from '../../domain/deps';
import { purgeDeletedInteractions, usersWithPendingPurges } from '../../domain/contacts/purge-interactions';
import type { JobMessage } from '../messages';

/** With a user: purge the interactions of their deleted contacts. Without (cron): one job per user with any left. */
export async function purgeInteractionsJob(deps: Deps, job: Extract<JobMessage, { type: 'purge_interactions' }>): Promise<void> {
  if (!job.user_id) {
    const users = await usersWithPendingPurges(deps.db);
    for (let i = 0; i < users.length; i += 100) {
      await deps.jobs.sendBatch(users.slice(i, i + 100).map((id) => ({ body: { type: 'purge_interactions' as const, user_id: id } })));
    }
    return;
  }
  const { more } = await purgeDeletedInteractions(deps.db, job.user_id);
  if (more) await deps.jobs.send({ type: 'purge_interactions', user_id: job.user_id });
}
