import { chooseGeocoder } from '../../domain/geocoding/choose-geocoder';
import { geocodeContacts } from '../../domain/geocoding/geocode-contacts';
import type { Deps } from '../../domain/deps';
import type { JobMessage } from '../messages';
import { RetryLater } from '../retry-later';

type GeocodeContactsJob = Extract<JobMessage, { type: 'geocode_contacts' }>;

/**
 * Runs SPEC §3 for the contacts of an import chunk or a sync page. What the provider answered
 * is written; if it limited, refused or failed some places, the message comes back after the
 * delay and asks only for those (the others are settled by then).
 */
export async function handleGeocodeContacts(deps: Deps, job: GeocodeContactsJob, message: Message<unknown>): Promise<void> {
  const result = await geocodeContacts(deps, chooseGeocoder(deps), { userId: job.user_id, contactIds: job.contact_ids, attempts: message.attempts });
  if (result.rejected > 0) {
    console.info(`geocode_contacts: the provider rejected ${result.rejected} location(s); settled as no result`);
  }
  const { deferred } = result;
  if (!deferred) return;
  if (deferred.cause === 'unauthorized') {
    // A bad MAP_PROVIDER_SECRET_TOKEN, not bad locations: keep the contacts pending.
    console.error(`geocode_contacts: ${deferred.reason}; check MAP_PROVIDER_SECRET_TOKEN`);
  }
  throw new RetryLater(deferred.delaySeconds, `${deferred.reason}; ${deferred.places} place(s) left waiting`);
}
