/** What one geocoding attempt for a location string came to (SPEC §3, one row each). */
export type GeocodeOutcome =
  // placeName: the provider's name of the place found ("Shibuya, Tokyo, Japan"), for search
  | { kind: 'found'; latitude: number; longitude: number; placeName: string | null }
  | { kind: 'no_result' }
  // any other 4xx: final, like no result, but worth an info log
  | { kind: 'rejected'; status: number }
  | { kind: 'rate_limited'; retryAfterSeconds: number | null }
  // 5xx or timeout, after the in-job retries
  | { kind: 'unavailable'; reason: string }
  // 401/403: a configuration mistake, never a verdict on the location
  | { kind: 'unauthorized'; status: number };

export interface Geocoder {
  /** Names the source in geocode_cache, so results of one source never pose as another's. */
  readonly source: 'mapbox' | 'gazetteer';
  geocode(location: string): Promise<GeocodeOutcome>;
  /**
   * Many locations in one go, in order, where the source answers them together for the cost of
   * one (the gazetteer: two queries for all). A source without it is asked location by location.
   */
  geocodeMany?(locations: string[]): Promise<GeocodeOutcome[]>;
}

/** Outcomes that settle a location string until it changes. */
export function isFinal(outcome: GeocodeOutcome): outcome is Extract<GeocodeOutcome, { kind: 'found' | 'no_result' | 'rejected' }> {
  return outcome.kind === 'found' || outcome.kind === 'no_result' || outcome.kind === 'rejected';
}
