import type { Directory } from '../../db/stores';
import { nowIso } from '../../db/columns';
import type { GeocodeOutcome, Geocoder } from './geocoder';
import { locationCacheKey } from './place-name';

// Workers keep 6 outgoing connections open at once per invocation; more would only wait.
const PROVIDER_CALLS_AT_ONCE = 6;
// 5xx or timeouts (after the in-client retries) for this many places: the provider is down, so
// ask no further. One place that alone keeps failing does not hold back the others.
const UNAVAILABLE_PLACES_TO_STOP = 2;

interface CachedRow {
  query_norm: string;
  latitude: number | null;
  longitude: number | null;
  place_name: string | null;
}

/**
 * Geocodes many location strings through the shared cache, each distinct place (by cache key)
 * once: one query reads the cache for all of them, the misses go to the source (one provider call
 * per place, or the gazetteer's batch), and one query caches the verdicts. So the query count
 * stays the same however many places and contacts a job carries.
 *
 * Returns an outcome per cache key. A key missing from the answer was not asked: the provider
 * limited, refused or failed us (429, 401/403, 5xx) before its turn, and asking on would only
 * add failed calls. The caller leaves those places waiting for a later try.
 */
export async function lookUpLocations(directory: Directory, geocoder: Geocoder, locations: string[]): Promise<Map<string, GeocodeOutcome>> {
  // The first spelling of each place is the one asked, as the one-contact job asks its own.
  const spellings = new Map<string, string>();
  for (const location of locations) {
    const key = locationCacheKey(location);
    if (!spellings.has(key)) spellings.set(key, location);
  }
  const outcomes = new Map<string, GeocodeOutcome>();
  if (spellings.size === 0) return outcomes;

  // The cache is global data: the directory's (docs/decisions/015).
  const { results: cached } = await directory.d1
    .prepare('SELECT query_norm, latitude, longitude, place_name FROM geocode_cache WHERE query_norm IN (SELECT value FROM json_each(?1)) AND provider = ?2')
    .bind(JSON.stringify([...spellings.keys()]), geocoder.source)
    .all<CachedRow>();
  for (const row of cached) {
    outcomes.set(
      row.query_norm,
      row.latitude === null || row.longitude === null
        ? { kind: 'no_result' }
        : { kind: 'found', latitude: row.latitude, longitude: row.longitude, placeName: row.place_name },
    );
  }

  const misses = [...spellings].filter(([key]) => !outcomes.has(key));
  const asked = await askSource(geocoder, misses);
  for (const [key, outcome] of asked) outcomes.set(key, outcome);
  await cacheVerdicts(directory, geocoder, asked);
  return outcomes;
}

/** The misses' outcomes, by key; those never asked (the provider stopped us) are left out. */
async function askSource(geocoder: Geocoder, misses: [key: string, location: string][]): Promise<Map<string, GeocodeOutcome>> {
  const answers = new Map<string, GeocodeOutcome>();
  if (misses.length === 0) return answers;
  if (geocoder.geocodeMany) {
    const outcomes = await geocoder.geocodeMany(misses.map(([, location]) => location));
    misses.forEach(([key], i) => answers.set(key, outcomes[i]!));
    return answers;
  }
  const waiting = [...misses];
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
  await Promise.all(Array.from({ length: Math.min(PROVIDER_CALLS_AT_ONCE, misses.length) }, caller));
  return answers;
}

/** Caches the source's verdicts on the text in one statement; errors say nothing about it. */
async function cacheVerdicts(directory: Directory, geocoder: Geocoder, answers: Map<string, GeocodeOutcome>): Promise<void> {
  const verdicts = [...answers].flatMap(([key, outcome]): CachedRow[] => {
    if (outcome.kind === 'found') return [{ query_norm: key, latitude: outcome.latitude, longitude: outcome.longitude, place_name: outcome.placeName }];
    if (outcome.kind === 'no_result') return [{ query_norm: key, latitude: null, longitude: null, place_name: null }];
    return [];
  });
  if (verdicts.length === 0) return;
  // `WHERE true`: SQLite reads an ON CONFLICT after `SELECT … FROM json_each(…)` as a join otherwise.
  await directory.d1
    .prepare(`INSERT INTO geocode_cache (query_norm, latitude, longitude, place_name, provider, created_at)
        SELECT json_extract(value, '$.query_norm'), json_extract(value, '$.latitude'), json_extract(value, '$.longitude'),
               json_extract(value, '$.place_name'), ?2, ?3
          FROM json_each(?1) WHERE true
        ON CONFLICT (query_norm) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
          place_name = excluded.place_name, provider = excluded.provider, created_at = excluded.created_at`)
    .bind(JSON.stringify(verdicts), geocoder.source, nowIso())
    .run();
}
