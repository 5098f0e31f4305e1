import type { MapboxClient } from '../../providers/mapbox/geocoding-client';
import type { GeocodeOutcome, Geocoder } from './geocoder';

export interface RetryPolicy {
  /** SPEC §8: 3 retries inside the service on 5xx or timeout, then the queue's retry. */
  retries: number;
  /** Pause before retry n (0-based); short, since the queue retry comes after. */
  delayMs: (attempt: number) => number;
}

/** Three retries, pausing `firstPauseMs` before the first and twice as long before each next. */
export const retryPolicy = (firstPauseMs: number): RetryPolicy => ({ retries: 3, delayMs: (n) => firstPauseMs * 2 ** n });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Geocodes with Mapbox, mapping each answer to a row of the SPEC §3 table. */
export function createMapboxGeocoder(client: MapboxClient, policy: RetryPolicy): Geocoder {
  return {
    source: 'mapbox',
    async geocode(location: string): Promise<GeocodeOutcome> {
      let lastFailure = '';
      for (let attempt = 0; attempt <= policy.retries; attempt++) {
        if (attempt > 0) await sleep(policy.delayMs(attempt - 1));
        const result = await client.forward(location);
        if (result.kind === 'ok') {
          return result.match
            ? { kind: 'found', latitude: result.match.latitude, longitude: result.match.longitude, placeName: result.match.fullAddress }
            : { kind: 'no_result' };
        }
        if (result.kind === 'http_error') {
          const { status } = result;
          if (status === 429) return { kind: 'rate_limited', retryAfterSeconds: result.retryAfterSeconds };
          if (status === 401 || status === 403) return { kind: 'unauthorized', status };
          if (status >= 400 && status < 500) return { kind: 'rejected', status };
          lastFailure = `HTTP ${status}`;
        } else {
          lastFailure = result.kind === 'timeout' ? 'timeout' : result.message;
        }
      }
      return { kind: 'unavailable', reason: lastFailure };
    },
  };
}
