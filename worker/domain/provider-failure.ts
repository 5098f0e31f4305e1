import { ProviderError } from '../providers/provider-error';
import { AppError, RateLimitedError } from './errors';

/**
 * Maps a provider client's failure to the API.md envelope. DESIGN "Outside services": a
 * provider's 401 is our configuration problem, so it is a 502, never a sign-out; a
 * provider's 429 is passed on as our 429 with its Retry-After.
 */
export function providerFailure(error: unknown, label: string): unknown {
  if (!(error instanceof ProviderError)) return error;
  switch (error.kind) {
    case 'rate_limited':
      return new RateLimitedError(
        error.retryAfterSeconds ?? 60,
        `${label} is rate limiting us; try again in ${error.retryAfterSeconds ?? 60} seconds`,
      );
    case 'unauthorized':
      return new AppError('provider_error', `${label} refused our API key; ask the administrator to check it`, undefined, { cause: error });
    case 'bad_response':
      return new AppError('provider_error', `${label} gave an answer we could not use`, undefined, { cause: error });
    default:
      // The cause says which: a network failure, a 5xx, or a ProviderTimeoutError.
      return new AppError('provider_error', `${label} is not answering right now; try again later`, undefined, { cause: error });
  }
}

/** Runs a provider call, converting its failure to an AppError. */
export async function callProvider<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError) console.warn(`provider failure: ${error.message}`);
    throw providerFailure(error, label);
  }
}
