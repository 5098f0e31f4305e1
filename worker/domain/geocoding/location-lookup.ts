import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { cachedPlace, cachePlace } from './geocode-cache-queries';
import type { GeocodeOutcome, Geocoder } from './geocoder';
import { locationCacheKey } from './place-name';

/**
 * Geocodes a location string through the shared cache (DESIGN "Background jobs"): every
 * contact in "London, UK" after the first costs no provider call. Calls for the same
 * string that are in flight at once share one provider call (`inFlight`, one per batch).
 */
export async function lookUpLocation(
  db: Db,
  geocoder: Geocoder,
  location: string,
  inFlight: Map<string, Promise<GeocodeOutcome>> = new Map(),
): Promise<GeocodeOutcome> {
  const key = locationCacheKey(location);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const lookup = (async (): Promise<GeocodeOutcome> => {
    const cached = await cachedPlace(db, key);
    if (cached && cached.provider === geocoder.source) {
      return cached.latitude === null || cached.longitude === null
        ? { kind: 'no_result' }
        : { kind: 'found', latitude: cached.latitude, longitude: cached.longitude, placeName: cached.placeName };
    }
    const outcome = await geocoder.geocode(location);
    // Only the provider's verdicts on the text are cached; errors say nothing about it.
    if (outcome.kind === 'found' || outcome.kind === 'no_result') {
      const latitude = outcome.kind === 'found' ? outcome.latitude : null;
      const longitude = outcome.kind === 'found' ? outcome.longitude : null;
      const placeName = outcome.kind === 'found' ? outcome.placeName : null;
      await cachePlace(db, { key, latitude, longitude, placeName, provider: geocoder.source, now: nowIso() });
    }
    return outcome;
  })();
  inFlight.set(key, lookup);
  try {
    return await lookup;
  } finally {
    inFlight.delete(key);
  }
}
