import { GoogleScopeMissingError, type GoogleApi } from '../../providers/google/google-api-error';
import { GoogleUnauthorizedError } from '../../providers/google/people-client';
import { ProviderError } from '../../providers/provider-error';
import { providerFailure } from '../provider-failure';
import { providerHttp } from '../provider-http';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { googleAccessToken } from '../google/google-access-token';
import { markChannelError } from '../channels/connections';

/**
 * Runs calls against a Google API as the user: a 401 refreshes the access token once and
 * retries (an access token lives an hour). Revoked access or a missing permission marks the
 * Email channel as needing the user and becomes 409 channel_not_connected; a provider
 * failure becomes the envelope's 429 (with Retry-After) or 502.
 */
export async function withGoogleApi<T>(deps: Deps, userId: string, apiUrl: string, run: (api: GoogleApi) => Promise<T>): Promise<T> {
  const api = (accessToken: string): GoogleApi => ({ ...providerHttp(deps.settings), apiUrl, accessToken });
  try {
    try {
      return await run(api(await googleAccessToken(deps, userId)));
    } catch (error) {
      if (!(error instanceof GoogleUnauthorizedError)) throw error;
      try {
        return await run(api(await googleAccessToken(deps, userId, true)));
      } catch (again) {
        if (again instanceof GoogleUnauthorizedError)
          throw new AppError('channel_not_connected', 'Google no longer accepts Kith’s access. Connect your email again in Settings.');
        throw again;
      }
    }
  } catch (error) {
    if (error instanceof GoogleScopeMissingError) {
      const message = 'Kith does not have permission for Gmail and Calendar. Connect your email again in Settings and allow them.';
      await markChannelError(deps, userId, 'gmail', message);
      throw new AppError('channel_not_connected', message);
    }
    if (error instanceof AppError && error.code === 'channel_not_connected') await markChannelError(deps, userId, 'gmail', error.message);
    throw providerFailure(error, error instanceof ProviderError ? error.provider : 'Google');
  }
}
