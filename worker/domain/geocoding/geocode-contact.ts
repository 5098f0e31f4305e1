import type { GeocodeOutcome, Geocoder } from './geocoder';
import type { Deps } from '../deps';
import { contactGeocodingState, settleLocations } from './contact-geocoding-queries';
import { lookUpLocation } from './location-lookup';

/** Outcomes that leave the location waiting: they say nothing about the place. */
export type DeferredOutcome = Extract<GeocodeOutcome, { kind: 'rate_limited' | 'unauthorized' | 'unavailable' }>;
export interface Deferral {
  cause: DeferredOutcome['kind'];
  delaySeconds: number;
  reason: string;
}

export type GeocodeContactResult =
  | { status: 'skipped'; reason: 'missing' | 'no_location' | 'already_geocoded' }
  | { status: 'settled'; outcome: 'found' | 'no_result' | 'rejected'; contactsUpdated: number }
  | ({ status: 'deferred' } & Deferral);

/** Queue delays stop at 12 hours. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;
const backoff = (baseSeconds: number, attempts: number, capSeconds: number) =>
  Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), capSeconds);

/** How long to wait before the queue tries a deferred outcome again (SPEC §3, §8). */
export function retryDelaySeconds(outcome: GeocodeOutcome, attempts: number): number {
  switch (outcome.kind) {
    case 'rate_limited':
      // SPEC §3: 429 -> exponential backoff; the provider's Retry-After wins when given.
      return outcome.retryAfterSeconds !== null
        ? Math.min(Math.max(outcome.retryAfterSeconds, 1), MAX_DELAY_SECONDS)
        : backoff(30, attempts, 3600);
    case 'unauthorized':
      return backoff(15 * 60, attempts, MAX_DELAY_SECONDS);
    default:
      return backoff(60, attempts, 3600);
  }
}

/**
 * The `geocode_contact` task: SPEC §3 "Geocoding state of a contact", row by row.
 * `attempts` is the queue delivery count (1 on the first delivery), for the backoff.
 */
export async function geocodeContact(
  deps: Pick<Deps, 'db' | 'directory'>,
  geocoder: Geocoder,
  job: { userId: string; contactId: string; attempts: number },
  inFlight?: Map<string, Promise<GeocodeOutcome>>,
): Promise<GeocodeContactResult> {
  const { db } = deps;
  const contact = await contactGeocodingState(db, job.userId, job.contactId);
  if (!contact) return { status: 'skipped', reason: 'missing' };
  if (!contact.location) return { status: 'skipped', reason: 'no_location' };
  // SPEC §1 idempotence: the stored geocoded_location equals the location -> skip.
  if (contact.geocodedLocation === contact.location) return { status: 'skipped', reason: 'already_geocoded' };

  // The cache is global data: the directory's (docs/decisions/015).
  const outcome = await lookUpLocation(deps.directory, geocoder, contact.location, inFlight);
  switch (outcome.kind) {
    case 'found':
    case 'no_result':
    case 'rejected': {
      // Every contact of the user waiting on this string: one answer places them all, and their
      // own jobs find them settled.
      const contactsUpdated = await settleLocations(db, job.userId, [
        { location: contact.location, place: outcome.kind === 'found' ? outcome : null },
      ]);
      return { status: 'settled', outcome: outcome.kind, contactsUpdated };
    }
    default:
      return { status: 'deferred', ...deferralOf(outcome, job.attempts) };
  }
}

/** A deferred outcome: why, and when the queue should try again. */
export function deferralOf(outcome: DeferredOutcome, attempts: number): Deferral {
  const delaySeconds = retryDelaySeconds(outcome, attempts);
  switch (outcome.kind) {
    case 'rate_limited':
      return { cause: outcome.kind, delaySeconds, reason: 'rate limited (429)' };
    case 'unauthorized':
      return { cause: outcome.kind, delaySeconds, reason: `provider refused the token (${outcome.status})` };
    case 'unavailable':
      return { cause: outcome.kind, delaySeconds, reason: `provider unavailable (${outcome.reason})` };
  }
}
