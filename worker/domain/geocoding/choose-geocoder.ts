import { createMapboxClient } from '../../providers/mapbox/geocoding-client';
import type { ServerDeps } from '../deps';
import { createGazetteerGeocoder } from './gazetteer-geocoder';
import type { Geocoder } from './geocoder';
import { createMapboxGeocoder, retryPolicy, type RetryPolicy } from './mapbox-geocoder';

/**
 * Mapbox when MAP_PROVIDER_SECRET_TOKEN is set, else the offline gazetteer (DESIGN
 * "Background jobs"). `tuning` lets tests shorten the timeout and the in-job pauses.
 */
/** Which source geocodes now: what the cache's answers must come from to count. */
export function geocoderSource(deps: ServerDeps): Geocoder['source'] {
  return deps.settings.MAP_PROVIDER_SECRET_TOKEN ? 'mapbox' : 'gazetteer';
}

export function chooseGeocoder(deps: ServerDeps, tuning: { timeoutMs?: number; retryPolicy?: RetryPolicy } = {}): Geocoder {
  const token = deps.settings.MAP_PROVIDER_SECRET_TOKEN;
  if (!token) return createGazetteerGeocoder(deps.directory.db);
  const client = createMapboxClient({
    baseUrl: deps.settings.MAPBOX_API_URL,
    token,
    timeoutMs: tuning.timeoutMs ?? deps.settings.PROVIDER_TIMEOUT_MS,
  });
  return createMapboxGeocoder(client, tuning.retryPolicy ?? retryPolicy(deps.settings.GEOCODING_RETRY_PAUSE_MS));
}
