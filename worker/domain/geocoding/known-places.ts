import type { ServerDeps } from '../deps';
import { geocoderSource } from './choose-geocoder';
import { cachedOutcomes } from './locations-lookup';
import { locationCacheKey } from './place-name';
import type { SettledLocation } from './contact-geocoding-queries';

/**
 * What the cache already knows of a location: its place, null for a settled "no result", or
 * undefined when it must be geocoded.
 */
export type PlaceOf = (location: string) => SettledLocation['place'] | undefined;

/**
 * The cached outcomes of the places of an import chunk, read before its contacts are written,
 * so a contact in a known place is written placed (SPEC §3: a final outcome, with its
 * geocoded_location and geocoded_at) and needs no geocoding job. Writing the place with the
 * row costs nothing; settling it afterwards is a second write of the row and of its search
 * entry. One query; none for a chunk without locations.
 */
export async function knownPlaces(deps: ServerDeps, locations: (string | null | undefined)[]): Promise<PlaceOf> {
  const keys = [...new Set(locations.flatMap((l) => (l?.trim() ? [locationCacheKey(l)] : [])))];
  if (keys.length === 0) return () => undefined;
  const outcomes = await cachedOutcomes(deps.directory, geocoderSource(deps), keys);
  return (location) => {
    const outcome = outcomes.get(locationCacheKey(location));
    if (!outcome) return undefined;
    return outcome.kind === 'found' ? { latitude: outcome.latitude, longitude: outcome.longitude, placeName: outcome.placeName } : null;
  };
}
