/**
 * What an outside service did wrong, in our words. Provider clients throw it; the domain
 * turns it into the API error envelope (see `providerFailure` in domain/provider-failure.ts).
 * `detail` is for logs and never carries the provider's raw body (it may echo secrets).
 */
export type ProviderFailureKind = 'unauthorized' | 'rate_limited' | 'unavailable' | 'bad_response';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderFailureKind,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${provider}: ${kind} (${detail})`);
    this.name = 'ProviderError';
  }
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date); `fallback` when absent. */
export function retryAfterSeconds(value: string | null | undefined, fallback = 60): number {
  if (!value) return fallback;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - Date.now()) / 1000));
  return fallback;
}
