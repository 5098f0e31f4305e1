import type { Directory } from '../../db/stores';
import type { GeocodeOutcome, Geocoder } from './geocoder';
import { cachedOutcomes, cacheVerdicts } from './locations-lookup';
import { locationCacheKey } from './place-name';

/**
 * Geocodes one location string through the shared cache (DESIGN "Background jobs"): every
 * contact in "London, UK" after the first costs no provider call. The cache is read and written
 * as lookUpLocations does for many places. Calls for the same string that are in flight at once
 * share one provider call (`inFlight`, one per batch).
 */
export async function lookUpLocation(
  directory: Directory,
  geocoder: Geocoder,
  location: string,
  inFlight: Map<string, Promise<GeocodeOutcome>> = new Map(),
): Promise<GeocodeOutcome> {
  const key = locationCacheKey(location);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const lookup = (async (): Promise<GeocodeOutcome> => {
    const cached = (await cachedOutcomes(directory, geocoder.source, [key])).get(key);
    if (cached) return cached;
    const outcome = await geocoder.geocode(location);
    const verdicts = cacheVerdicts(directory, geocoder, new Map([[key, outcome]]));
    if (verdicts.length > 0) await directory.d1.batch(verdicts);
    return outcome;
  })();
  inFlight.set(key, lookup);
  try {
    return await lookup;
  } finally {
    inFlight.delete(key);
  }
}
