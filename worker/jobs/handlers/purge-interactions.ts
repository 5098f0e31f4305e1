import { purgeDeletedInteractions, usersWithPendingPurges } from '../../domain/contacts/purge-interactions';
import { purgeDeletedContactFiles } from '../../domain/files/purge-contact-files';
import { perUserJob } from '../fan-out';

/** With a user: purge the files, then the interactions, of their deleted contacts. Without (cron): one job per user with any left. */
export const purgeInteractionsJob = perUserJob('purge_interactions', usersWithPendingPurges, async (deps, userId) => {
  await purgeDeletedContactFiles(deps.store, deps.env.FILES);
  const { more } = await purgeDeletedInteractions(deps.db, userId);
  if (more) await deps.jobs.send({ type: 'purge_interactions', user_id: userId });
});
