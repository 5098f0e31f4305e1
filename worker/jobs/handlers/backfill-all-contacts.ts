import { enqueueBackfillForAllUsers, enqueuePendingGeocodes } from '../../domain/geocoding/backfill';
import type { Deps } from '../../domain/deps';
import type { JobMessage } from '../messages';

type BackfillJob = Extract<JobMessage, { type: 'backfill_all_contacts' }>;

/** With a user: enqueue that user's pending contacts. Without (cron): one job per user. */
export async function handleBackfillAllContacts(deps: Deps, job: BackfillJob): Promise<void> {
  if (job.user_id) await enqueuePendingGeocodes(deps, job.user_id);
  else await enqueueBackfillForAllUsers(deps);
}
