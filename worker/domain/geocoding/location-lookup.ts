import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { geocodeCache } from '../../db/schema';
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
    const cached = await db.select().from(geocodeCache).where(eq(geocodeCache.queryNorm, key)).get();
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
      await db
        .insert(geocodeCache)
        .values({ queryNorm: key, latitude, longitude, placeName, provider: geocoder.source, createdAt: nowIso() })
        .onConflictDoUpdate({
          target: geocodeCache.queryNorm,
          set: { latitude, longitude, placeName, provider: geocoder.source, createdAt: sql`excluded.created_at` },
        });
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
