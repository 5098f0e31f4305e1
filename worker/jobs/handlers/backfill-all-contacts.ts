import { userIdsAfter } from '../../domain/auth/users';
import { enqueuePendingGeocodes } from '../../domain/geocoding/backfill';
import { perUserJob } from '../fan-out';

/** With a user: enqueue that user's pending contacts. Without (cron): one job per user. */
export const handleBackfillAllContacts = perUserJob('backfill_all_contacts', userIdsAfter, (deps, userId) =>
  enqueuePendingGeocodes(deps, userId),
);
