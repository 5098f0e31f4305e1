import { ProviderError } from './provider-error';
import { providerFetch, type ProviderHttp } from './provider-fetch';

/** A JSON API reached with a bearer token: Google's (Gmail, Calendar) and X's. */
export interface BearerApi extends ProviderHttp {
  apiUrl: string;
  accessToken: string;
}

export interface JsonRequest {
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/**
 * GET (or POST, with a body) a bearer-token JSON API, within providerFetch's time limit. A
 * non-2xx answer becomes whatever `failure` says in the provider's words.
 */
export async function bearerJson<T>(
  api: BearerApi,
  provider: string,
  path: string,
  init: JsonRequest,
  failure: (res: Response) => Promise<Error>,
): Promise<T> {
  const url = new URL(`${api.apiUrl.replace(/\/+$/, '')}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  const res = await providerFetch(provider, api, url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${api.accessToken}`,
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw await failure(res);
  try {
    return JSON.parse(await res.text()) as T;
  } catch {
    throw new ProviderError(provider, 'bad_response', `HTTP ${res.status} with a body that is not JSON`);
  }
}
