import type { GoogleOAuthConfig } from '../../providers/google/oauth-client';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/** Google's client settings, or 503 not_configured with what is missing. */
export function googleOAuthConfig(deps: Deps): GoogleOAuthConfig {
  const s = deps.settings;
  if (!s.GOOGLE_CLIENT_ID || !s.GOOGLE_CLIENT_SECRET || !s.ENCRYPTION_KEY) {
    throw new AppError('not_configured', 'Google sync needs GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and ENCRYPTION_KEY on the server');
  }
  return { oauthUrl: s.GOOGLE_OAUTH_URL, tokenUrl: s.GOOGLE_TOKEN_URL, clientId: s.GOOGLE_CLIENT_ID, clientSecret: s.GOOGLE_CLIENT_SECRET, fetch: (...a) => fetch(...a) };
}
