import { depsForUser, type ServerDeps } from '../../domain/deps';
import { purgeDeletedInteractions, usersWithPendingPurges } from '../../domain/contacts/purge-interactions';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';

/** With a user: purge the interactions of their deleted contacts. Without (cron): one job per user with any left. */
export async function purgeInteractionsJob(server: ServerDeps, job: Extract<JobMessage, { type: 'purge_interactions' }>): Promise<void> {
  if (!job.user_id) {
    await fanOutStep(server, job.type, job, usersWithPendingPurges);
    return;
  }
  const deps = await depsForUser(server, job.user_id);
  const { more } = await purgeDeletedInteractions(deps.db, job.user_id);
  if (more) await deps.jobs.send({ type: 'purge_interactions', user_id: job.user_id });
}
