import { bearerJson, type BearerApi, type JsonRequest } from '../bearer-json';
import { ProviderError, retryAfterSeconds } from '../provider-error';
import { GoogleUnauthorizedError } from './people-client';

/** Google's JSON error body (Gmail and Calendar speak the same one). */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string }[]; details?: { reason?: string }[] };
}

export class GoogleNotFoundError extends Error {}
/** The token lacks a scope the call needs (the user unticked it on the consent screen). */
export class GoogleScopeMissingError extends Error {}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);

/**
 * Turns a failed Google API answer into what the caller can act on: 401 (refresh the token),
 * 404 (e.g. a history id too old), a missing scope, or a ProviderError. Google answers quota
 * exhaustion with 429 or with 403 and reason rateLimitExceeded; both become rate_limited.
 */
export async function googleApiFailure(res: Response, provider: string): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as GoogleErrorBody;
  const reasons = [...(body.error?.errors ?? []), ...(body.error?.details ?? [])].map((e) => e.reason ?? '');
  if (res.status === 401) return new GoogleUnauthorizedError();
  if (res.status === 404) return new GoogleNotFoundError();
  if (res.status === 429 || reasons.some((r) => RATE_REASONS.has(r))) {
    return new ProviderError(provider, 'rate_limited', `HTTP ${res.status}`, retryAfterSeconds(res.headers.get('retry-after'), 60));
  }
  if (res.status === 403 && (reasons.includes('insufficientPermissions') || body.error?.status === 'PERMISSION_DENIED'))
    return new GoogleScopeMissingError();
  return new ProviderError(
    provider,
    res.status >= 500 ? 'unavailable' : 'bad_response',
    `HTTP ${res.status} ${body.error?.status ?? ''}`.trim(),
  );
}

export type GoogleApi = BearerApi;

/** GET or POST a Google JSON API; throws what googleApiFailure says on a non-2xx answer. */
export function googleJson<T>(api: GoogleApi, provider: string, path: string, init: JsonRequest = {}): Promise<T> {
  return bearerJson<T>(api, provider, path, init, (res) => googleApiFailure(res, provider));
}
