import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { providerFetch, ProviderTimeoutError } from '../provider-fetch';

/** The part of a Geocoding API v6 FeatureCollection Kith reads. */
const forwardResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({ full_address: z.string().optional(), feature_type: z.string().optional() }).passthrough(),
    }),
  ),
});

export type MapboxForwardResult =
  | { kind: 'ok'; match: { latitude: number; longitude: number; fullAddress: string | null } | null }
  | { kind: 'http_error'; status: number; retryAfterSeconds: number | null }
  | { kind: 'timeout' }
  | { kind: 'network_error'; message: string };

export interface MapboxClientOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Mapbox Geocoding API v6, forward search. One HTTP call per `forward`, no retries here. */
export function createMapboxClient({ baseUrl, token, fetch: doFetch = fetch, timeoutMs = 8000 }: MapboxClientOptions) {
  return {
    async forward(query: string): Promise<MapboxForwardResult> {
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search/geocode/v6/forward`);
      url.searchParams.set('q', query);
      url.searchParams.set('limit', '1');
      url.searchParams.set('access_token', token);
      let response: Response;
      try {
        response = await providerFetch('mapbox', { fetch: doFetch, timeoutMs }, url, { headers: { accept: 'application/json' } });
      } catch (error) {
        if (error instanceof ProviderTimeoutError) return { kind: 'timeout' };
        if (error instanceof ProviderError) return { kind: 'network_error', message: error.detail };
        throw error;
      }
      if (!response.ok)
        return { kind: 'http_error', status: response.status, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) };
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return { kind: 'network_error', message: 'response was not JSON' };
      }
      const parsed = forwardResponseSchema.safeParse(body);
      if (!parsed.success) return { kind: 'network_error', message: 'unexpected response shape' };
      const [feature] = parsed.data.features;
      if (!feature) return { kind: 'ok', match: null };
      const [longitude, latitude] = feature.geometry.coordinates;
      return { kind: 'ok', match: { latitude, longitude, fullAddress: feature.properties.full_address ?? null } };
    },
  };
}

export type MapboxClient = ReturnType<typeof createMapboxClient>;
