import type { Directory } from '../../db/stores';
import { nowIso } from '../../db/columns';
import type { GeocodeOutcome, Geocoder } from './geocoder';
import { cachedPlaces, cachePlacesStatement, claimPlaces, releaseClaimsStatement, type CachedPlaceRow } from './geocode-cache-queries';
import { locationCacheKey } from './place-name';

// Workers keep 6 outgoing connections open at once per invocation; more would only wait.
const PROVIDER_CALLS_AT_ONCE = 6;
// Places one run asks the provider about. A queue batch of 25 such jobs shares one invocation's
// subrequests (10 000 on Workers Paid), and a place may take 4 calls (SPEC §8's retries).
export const PLACES_ASKED_PER_RUN = 100;
// 5xx or timeouts (after the in-client retries) for this many places: the provider is down, so
// ask no further. One place that alone keeps failing does not hold back the others.
const UNAVAILABLE_PLACES_TO_STOP = 2;
// A claim outlives any round of asking; it only matters when the job holding it died.
const CLAIM_SECONDS = 5 * 60;

export interface LocationsLookup {
  /** Per cache key, the places answered: from the cache or now by the source. */
  outcomes: Map<string, GeocodeOutcome>;
  /** Places another job is asking about right now: their answer will be in the cache shortly. */
  busy: number;
  /** Places this run did not ask about: past its share, or after the provider stopped the round. */
  unasked: number;
}

/**
 * Geocodes many location strings through the shared cache, each distinct place (by cache key)
 * once: one query reads the cache for all of them, the misses go to the source, and one query
 * caches the verdicts, so the query count stays the same however many places and contacts a job
 * carries. The gazetteer answers all misses at once (two queries). A provider is asked one call
 * per place, and only about the places this job could claim (geocode_claims): jobs for the
 * chunks of one import run at once and share places, and each place must cost one call.
 */
export async function lookUpLocations(directory: Directory, geocoder: Geocoder, locations: string[]): Promise<LocationsLookup> {
  // The first spelling of each place is the one asked, as the one-contact job asks its own.
  const spellings = new Map<string, string>();
  for (const location of locations) {
    const key = locationCacheKey(location);
    if (!spellings.has(key)) spellings.set(key, location);
  }
  const outcomes = await cachedOutcomes(directory, geocoder.source, [...spellings.keys()]);
  const misses = [...spellings].filter(([key]) => !outcomes.has(key));
  if (misses.length === 0) return { outcomes, busy: 0, unasked: 0 };

  if (geocoder.geocodeMany) {
    const answers = await geocoder.geocodeMany(misses.map(([, location]) => location));
    const asked = new Map(misses.map(([key], i) => [key, answers[i]!]));
    await runBatch(directory, cacheVerdicts(directory, geocoder, asked));
    return { outcomes: new Map([...outcomes, ...asked]), busy: 0, unasked: 0 };
  }

  const share = misses.slice(0, PLACES_ASKED_PER_RUN);
  const claimedBy = crypto.randomUUID();
  const now = Date.now();
  const claimed = new Set(
    await claimPlaces(
      directory.d1,
      claimedBy,
      share.map(([key]) => key),
      new Date(now + CLAIM_SECONDS * 1000).toISOString(),
      new Date(now).toISOString(),
    ),
  );
  const asked = new Map<string, GeocodeOutcome>();
  try {
    await askProvider(
      geocoder,
      share.filter(([key]) => claimed.has(key)),
      asked,
    );
  } finally {
    // The verdicts and the release in one batch: a place is never unclaimed yet uncached.
    await runBatch(directory, [
      ...cacheVerdicts(directory, geocoder, asked),
      ...(claimed.size ? [releaseClaimsStatement(directory.d1, claimedBy, [...claimed])] : []),
    ]);
  }
  const busy = share.length - claimed.size;
  return { outcomes: new Map([...outcomes, ...asked]), busy, unasked: misses.length - busy - asked.size };
}

async function runBatch(directory: Directory, statements: D1PreparedStatement[]): Promise<void> {
  if (statements.length > 0) await directory.d1.batch(statements);
}

/** The cached verdicts of `source` on these places (cache keys), in one query. */
export async function cachedOutcomes(
  directory: Directory,
  source: Geocoder['source'],
  keys: string[],
): Promise<Map<string, GeocodeOutcome>> {
  const outcomes = new Map<string, GeocodeOutcome>();
  if (keys.length === 0) return outcomes;
  // The cache is global data: the directory's (docs/decisions/015).
  for (const row of await cachedPlaces(directory.d1, keys, source)) {
    outcomes.set(
      row.query_norm,
      row.latitude === null || row.longitude === null
        ? { kind: 'no_result' }
        : { kind: 'found', latitude: row.latitude, longitude: row.longitude, placeName: row.place_name },
    );
  }
  return outcomes;
}

/** Asks the provider about each place, six at a time, into `answers`; stops early as the provider tells. */
async function askProvider(
  geocoder: Geocoder,
  places: [key: string, location: string][],
  answers: Map<string, GeocodeOutcome>,
): Promise<void> {
  const waiting = [...places];
  let stopped = false;
  let unavailable = 0;
  const caller = async () => {
    for (let next = waiting.shift(); next && !stopped; next = waiting.shift()) {
      const [key, location] = next;
      const outcome = await geocoder.geocode(location);
      answers.set(key, outcome);
      // SPEC §3: a 429 or a refused token says nothing about the place; they stop the round.
      if (outcome.kind === 'rate_limited' || outcome.kind === 'unauthorized') stopped = true;
      if (outcome.kind === 'unavailable' && ++unavailable >= UNAVAILABLE_PLACES_TO_STOP) stopped = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROVIDER_CALLS_AT_ONCE, places.length) }, caller));
}

/** The source's verdicts on the text, cached in one statement; errors say nothing about it. */
export function cacheVerdicts(directory: Directory, geocoder: Geocoder, answers: Map<string, GeocodeOutcome>): D1PreparedStatement[] {
  const verdicts = [...answers].flatMap(([key, outcome]): CachedPlaceRow[] => {
    if (outcome.kind === 'found')
      return [{ query_norm: key, latitude: outcome.latitude, longitude: outcome.longitude, place_name: outcome.placeName }];
    if (outcome.kind === 'no_result') return [{ query_norm: key, latitude: null, longitude: null, place_name: null }];
    return [];
  });
  return verdicts.length === 0 ? [] : [cachePlacesStatement(directory.d1, verdicts, geocoder.source, nowIso())];
}
