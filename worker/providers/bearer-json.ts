import { ProviderError } from './provider-error';

/** A JSON API reached with a bearer token: Google's (Gmail, Calendar) and X's. */
export interface BearerApi {
  apiUrl: string;
  accessToken: string;
  fetch: typeof fetch;
  /** How long the whole answer, body included, may take; 20 s unless a caller knows better. */
  timeoutMs?: number;
}

export const PROVIDER_TIMEOUT_MS = 20_000;

export interface JsonRequest {
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/**
 * GET (or POST, with a body) a bearer-token JSON API. A service that doesn't answer, or whose
 * answer trickles in, within the timeout is `unavailable`, so a sync job fails and retries
 * instead of hanging. A non-2xx answer becomes whatever `failure` says in the provider's words.
 */
export async function bearerJson<T>(api: BearerApi, provider: string, path: string, init: JsonRequest, failure: (res: Response) => Promise<Error>): Promise<T> {
  const url = new URL(`${api.apiUrl.replace(/\/+$/, '')}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  const unavailable = (error: unknown) => new ProviderError(provider, 'unavailable', error instanceof Error ? error.message : String(error));
  let res: Response;
  try {
    res = await api.fetch(url.toString(), {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${api.accessToken}`, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      // The signal also ends reading the body, so the limit holds for the whole answer.
      signal: AbortSignal.timeout(api.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw unavailable(error);
  }
  if (!res.ok) throw await failure(res);
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw unavailable(error);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(provider, 'bad_response', `HTTP ${res.status} with a body that is not JSON`);
  }
}
