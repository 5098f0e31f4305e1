import type { GoogleOAuthConfig } from '../../providers/google/oauth-client';
import type { Deps } from '../deps';
import type { Settings } from '../../env';
import { providerHttp } from '../provider-http';
import { featureOffReason, notConfigured, unsetSettings } from '../settings/not-configured';

const GOOGLE_SETTINGS = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'ENCRYPTION_KEY'] as const;

/** Whether Google (Contacts sync, Gmail) can be connected; when not, the server log names what is missing. */
export const googleConfigured = (s: Settings) => !featureOffReason(s, 'Google', GOOGLE_SETTINGS);

/** Google's client settings, or 503 not_configured with what is missing. */
export function googleOAuthConfig(deps: Deps): GoogleOAuthConfig {
  const s = deps.settings;
  if (!s.GOOGLE_CLIENT_ID || !s.GOOGLE_CLIENT_SECRET || !s.ENCRYPTION_KEY) {
    throw notConfigured('Google', unsetSettings(s, GOOGLE_SETTINGS));
  }
  return {
    ...providerHttp(s),
    oauthUrl: s.GOOGLE_OAUTH_URL,
    tokenUrl: s.GOOGLE_TOKEN_URL,
    clientId: s.GOOGLE_CLIENT_ID,
    clientSecret: s.GOOGLE_CLIENT_SECRET,
  };
}
