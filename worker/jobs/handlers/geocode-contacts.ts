import { chooseGeocoder } from '../../domain/geocoding/choose-geocoder';
import { geocodeContacts } from '../../domain/geocoding/geocode-contacts';
import type { Deps } from '../../domain/deps';
import type { JobMessage } from '../messages';
import { RetryLater } from '../retry-later';

type GeocodeContactsJob = Extract<JobMessage, { type: 'geocode_contacts' }>;

// Another job is asking the provider about some of the places: their answer is cached by then.
const BUSY_PLACES_RECHECK_SECONDS = 15;

/**
 * Runs SPEC §3 for the contacts of an import chunk or a sync page. What the provider answered
 * is written; if it limited, refused or failed some places, the message comes back after the
 * delay and asks only for those (the others are settled by then). Places left for no failure
 * (another job is asking, or past this run's share of calls) go to a new message, so they
 * spend no attempt.
 */
export async function handleGeocodeContacts(deps: Deps, job: GeocodeContactsJob, message: Message<unknown>): Promise<void> {
  const result = await geocodeContacts(deps, chooseGeocoder(deps), {
    userId: job.user_id,
    contactIds: job.contact_ids,
    attempts: message.attempts,
  });
  if (result.rejected > 0) {
    console.info(`geocode_contacts: the provider rejected ${result.rejected} location(s); settled as no result`);
  }
  const { deferred, left } = result;
  if (deferred) {
    if (deferred.cause === 'unauthorized') {
      // A bad MAP_PROVIDER_SECRET_TOKEN, not bad locations: keep the contacts pending.
      console.error(`geocode_contacts: ${deferred.reason}; check MAP_PROVIDER_SECRET_TOKEN`);
    }
    throw new RetryLater(deferred.delaySeconds, `${deferred.reason}; ${deferred.places} place(s) left waiting`);
  }
  if (left.busy > 0) await deps.jobs.send(job, { delaySeconds: BUSY_PLACES_RECHECK_SECONDS });
  else if (left.later > 0) await deps.jobs.send(job);
}
