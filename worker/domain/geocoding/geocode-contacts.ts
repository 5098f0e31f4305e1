import type { Deps } from '../deps';
import { settleLocations, waitingLocationsOf, type SettledLocation } from './contact-geocoding-queries';
import { deferralOf, type Deferral, type DeferredOutcome } from './geocode-contact';
import { isFinal, type Geocoder } from './geocoder';
import { lookUpLocations } from './locations-lookup';
import { locationCacheKey } from './place-name';

export interface GeocodeContactsResult {
  /** Contacts of the user given a final outcome (also those outside the job in the same places). */
  contactsSettled: number;
  /** Places settled, by outcome. */
  found: number;
  noResult: number;
  /** Final like no result, but the provider refused the text (SPEC §3: another 4xx). */
  rejected: number;
  /** Places left waiting, and when to try them again; null when every place settled. */
  deferred: (Deferral & { places: number }) | null;
  /**
   * Places to come back for, no failure: `busy` another job is asking about now (the answer will
   * be cached in moments), `later` beyond this run's share of provider calls.
   */
  left: { busy: number; later: number };
}

/**
 * The `geocode_contacts` task: SPEC §3 for many contacts at once (an import chunk, a sync page).
 * The contacts are grouped by place, each place is resolved once (cache, then one provider call),
 * and the outcomes are written with one statement, so the job makes a handful of D1 queries
 * whether it carries 1 contact or 500. Places the provider could not answer now stay pending,
 * with the delay to try them again; the places it did answer are settled either way, so a retry
 * asks only for what is left.
 */
export async function geocodeContacts(
  deps: Pick<Deps, 'db' | 'directory'>,
  geocoder: Geocoder,
  job: { userId: string; contactIds: string[]; attempts: number },
): Promise<GeocodeContactsResult> {
  const result: GeocodeContactsResult = {
    contactsSettled: 0,
    found: 0,
    noResult: 0,
    rejected: 0,
    deferred: null,
    left: { busy: 0, later: 0 },
  };
  // SPEC §1 idempotence: contacts settled already (their geocoded_location equals their location)
  // are skipped.
  const waiting = await waitingLocationsOf(deps.db, job.userId, job.contactIds);
  if (waiting.length === 0) return result;

  const { outcomes, busy, unasked } = await lookUpLocations(
    deps.directory,
    geocoder,
    waiting.map((w) => w.location),
  );
  const settled: SettledLocation[] = [];
  const deferrals: DeferredOutcome[] = [];
  const settledPlaces = new Set<string>();
  for (const { location } of waiting) {
    const key = locationCacheKey(location);
    const outcome = outcomes.get(key);
    // Not answered: another job is asking, or this run did not ask (its share, or a deferral below).
    if (!outcome) continue;
    if (!isFinal(outcome)) {
      deferrals.push(outcome);
      continue;
    }
    settled.push({ location, place: outcome.kind === 'found' ? outcome : null });
    if (settledPlaces.has(key)) continue;
    settledPlaces.add(key);
    if (outcome.kind === 'found') result.found++;
    else if (outcome.kind === 'no_result') result.noResult++;
    else result.rejected++;
  }
  result.contactsSettled = await settleLocations(deps.db, job.userId, settled);
  if (deferrals.length > 0) {
    // The longest wait any answer asked for: a Retry-After, or the backoff of a 401 or a 5xx.
    const deferral = deferrals
      .map((outcome) => deferralOf(outcome, job.attempts))
      .reduce((longest, d) => (longest.delaySeconds >= d.delaySeconds ? longest : d));
    const places = new Set(waiting.map((w) => locationCacheKey(w.location)).filter((key) => !settledPlaces.has(key))).size;
    result.deferred = { ...deferral, places };
  } else {
    result.left = { busy, later: unasked };
  }
  return result;
}
