import { XUnauthorizedError, type XApi } from '../../providers/x/x-api';
import { ProviderError } from '../../providers/provider-error';
import { markChannelError } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { providerFailure } from '../provider-failure';
import { providerHttp } from '../provider-http';
import { REVOKED_MESSAGE, xCredentials, type XCredentials } from './x-credentials';

/**
 * Runs calls against the X API as the user: a 401 refreshes the access token once and
 * retries. Access X still refuses marks the X card in error and becomes 409
 * channel_not_connected; X's 429 becomes our 429 with Retry-After, other failures 502.
 */
export async function withXApi<T>(deps: Deps, userId: string, run: (api: XApi, me: XCredentials) => Promise<T>): Promise<T> {
  const api = (c: XCredentials): XApi => ({ ...providerHttp(deps.settings), apiUrl: deps.settings.X_API_URL, accessToken: c.access_token });
  try {
    const first = await xCredentials(deps, userId);
    try {
      return await run(api(first), first);
    } catch (error) {
      if (!(error instanceof XUnauthorizedError)) throw error;
      const again = await xCredentials(deps, userId, true);
      try {
        return await run(api(again), again);
      } catch (still) {
        if (!(still instanceof XUnauthorizedError)) throw still;
        await markChannelError(deps, userId, 'x', REVOKED_MESSAGE);
        throw new AppError('channel_not_connected', REVOKED_MESSAGE);
      }
    }
  } catch (error) {
    if (error instanceof ProviderError) console.warn(`provider failure: ${error.message}`);
    throw providerFailure(error, 'X');
  }
}
