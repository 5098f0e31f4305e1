import { userIdsAfter } from '../../domain/auth/users';
import { enqueuePendingGeocodes } from '../../domain/geocoding/backfill';
import { depsForUser, type ServerDeps } from '../../domain/deps';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';

type BackfillJob = Extract<JobMessage, { type: 'backfill_all_contacts' }>;

/** With a user: enqueue that user's pending contacts. Without (cron): one job per user. */
export async function handleBackfillAllContacts(server: ServerDeps, job: BackfillJob): Promise<void> {
  if (job.user_id) await enqueuePendingGeocodes(await depsForUser(server, job.user_id), job.user_id);
  else await fanOutStep(server, job.type, job, userIdsAfter);
}
