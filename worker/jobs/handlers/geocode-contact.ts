import { chooseGeocoder } from '../../domain/geocoding/choose-geocoder';
import { geocodeContact } from '../../domain/geocoding/geocode-contact';
import type { GeocodeOutcome } from '../../domain/geocoding/geocoder';
import type { Deps } from '../../domain/deps';
import type { JobMessage } from '../messages';
import { RetryLater } from '../retry-later';

type GeocodeJob = Extract<JobMessage, { type: 'geocode_contact' }>;

// One map per message batch: misses for the same string share one provider call.
const inFlightByBatch = new WeakMap<object, Map<string, Promise<GeocodeOutcome>>>();

/** Runs SPEC §3 for one contact; a deferred outcome goes back to the queue with its delay. */
export async function handleGeocodeContact(deps: Deps, job: GeocodeJob, message: Message<unknown>, batch?: object): Promise<void> {
  let inFlight = batch ? inFlightByBatch.get(batch) : undefined;
  if (batch && !inFlight) inFlightByBatch.set(batch, (inFlight = new Map()));
  const result = await geocodeContact(
    deps,
    chooseGeocoder(deps),
    { userId: job.user_id, contactId: job.contact_id, attempts: message.attempts },
    inFlight,
  );
  if (result.status === 'settled' && result.outcome === 'rejected') {
    console.info(`geocode_contact: the provider rejected the location of contact ${job.contact_id}; settled as no result`);
  }
  if (result.status !== 'deferred') return;
  if (result.cause === 'unauthorized') {
    // A bad MAP_PROVIDER_SECRET_TOKEN, not a bad location: keep the contact pending.
    console.error(`geocode_contact: ${result.reason}; check MAP_PROVIDER_SECRET_TOKEN`);
  }
  throw new RetryLater(result.delaySeconds, result.reason);
}
