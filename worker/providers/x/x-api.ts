import { bearerJson, type BearerApi, type JsonRequest } from '../bearer-json';
import { ProviderError } from '../provider-error';

const PROVIDER = 'X';

export type XApi = BearerApi;

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

/** X's failed answer as what the caller can act on. */
async function xFailure(res: Response): Promise<Error> {
  const problem = (await res.json().catch(() => ({}))) as XProblem;
  if (res.status === 401) return new XUnauthorizedError();
  if (res.status === 404) return new XNotFoundError(problem.detail ?? 'Not Found');
  if (res.status === 429)
    return new ProviderError(PROVIDER, 'rate_limited', 'HTTP 429', secondsUntilReset(res.headers.get('x-rate-limit-reset')));
  if (res.status === 403) return new XForbiddenError(problem.detail ?? 'Forbidden');
  return new ProviderError(
    PROVIDER,
    res.status >= 500 ? 'unavailable' : 'bad_response',
    `HTTP ${res.status} ${problem.title ?? ''}`.trim(),
  );
}

/** GET or POST an X API v2 JSON endpoint; failures become what the caller can act on. */
export function xJson<T>(api: XApi, path: string, init: JsonRequest = {}): Promise<T> {
  return bearerJson<T>(api, PROVIDER, path, init, xFailure);
}
