import { ProviderError } from '../provider-error';

const PROVIDER = 'X';

export interface XApi {
  apiUrl: string;
  accessToken: string;
  fetch: typeof fetch;
}

/** The access token is expired or revoked (X's 401): refresh it and try once more. */
export class XUnauthorizedError extends Error {}
/** No such user, or not one Kith may message (X's resource-not-found problem). */
export class XNotFoundError extends Error {}

/** X refused the action for this account (e.g. the recipient does not take DMs from it). */
export class XForbiddenError extends Error {}

interface XProblem {
  title?: string;
  detail?: string;
  type?: string;
  status?: number;
}

/** Seconds until X's x-rate-limit-reset (epoch seconds); 60 when absent. */
export function secondsUntilReset(reset: string | null, now = Date.now()): number {
  const at = Number(reset);
  if (!reset || !Number.isFinite(at)) return 60;
  return Math.max(1, Math.ceil(at - now / 1000));
}

/** GET or POST an X API v2 JSON endpoint; failures become what the caller can act on. */
export async function xJson<T>(api: XApi, path: string, init: { query?: Record<string, string | undefined>; body?: unknown } = {}): Promise<T> {
  const url = new URL(`${api.apiUrl.replace(/\/+$/, '')}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await api.fetch(url.toString(), {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${api.accessToken}`, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new ProviderError(PROVIDER, 'unavailable', error instanceof Error ? error.message : String(error));
  }
  if (res.ok) return (await res.json()) as T;
  const problem = (await res.json().catch(() => ({}))) as XProblem;
  if (res.status === 401) throw new XUnauthorizedError();
  if (res.status === 404) throw new XNotFoundError(problem.detail ?? 'Not Found');
  if (res.status === 429) throw new ProviderError(PROVIDER, 'rate_limited', 'HTTP 429', secondsUntilReset(res.headers.get('x-rate-limit-reset')));
  if (res.status === 403) throw new XForbiddenError(problem.detail ?? 'Forbidden');
  throw new ProviderError(PROVIDER, res.status >= 500 ? 'unavailable' : 'bad_response', `HTTP ${res.status} ${problem.title ?? ''}`.trim());
}
