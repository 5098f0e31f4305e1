import { userIdsAfter } from '../../domain/auth/users';
import { enqueuePendingGeocodes } from '../../domain/geocoding/backfill';
import type { Deps } from '../../domain/deps';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';

type BackfillJob = Extract<JobMessage, { type: 'backfill_all_contacts' }>;

/** With a user: enqueue that user's pending contacts. Without (cron): one job per user. */
export async function handleBackfillAllContacts(deps: Deps, job: BackfillJob): Promise<void> {
  if (job.user_id) await enqueuePendingGeocodes(deps, job.user_id);
  else await fanOutStep(deps, job.type, job.after, userIdsAfter);
}
