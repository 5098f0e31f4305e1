import type { Settings } from '../../env';
import type { XOAuthConfig } from '../../providers/x/x-oauth';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/** X needs a client id (the secret only for confidential clients) and a key for the tokens. */
export const xConfigured = (s: Settings) => Boolean(s.X_CLIENT_ID && s.ENCRYPTION_KEY);

/** X's client settings, or 503 not_configured saying what is missing. */
export function xOAuthConfig(deps: Deps): XOAuthConfig {
  const s = deps.settings;
  if (!s.X_CLIENT_ID || !s.ENCRYPTION_KEY) throw new AppError('not_configured', 'X needs X_CLIENT_ID and ENCRYPTION_KEY on the server');
  return { authUrl: s.X_AUTH_URL, apiUrl: s.X_API_URL, clientId: s.X_CLIENT_ID, clientSecret: s.X_CLIENT_SECRET, fetch: (...a) => fetch(...a) };
}
