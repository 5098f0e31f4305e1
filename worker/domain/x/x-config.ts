import type { Settings } from '../../env';
import type { XOAuthConfig } from '../../providers/x/x-oauth';
import type { Deps } from '../deps';
import { providerHttp } from '../provider-http';
import { featureOffReason, notConfigured, unsetSettings } from '../settings/not-configured';

/** X needs a client id (the secret only for confidential clients) and a key for the tokens. */
const X_SETTINGS = ['X_CLIENT_ID', 'ENCRYPTION_KEY'] as const;

/** Whether X can be connected; when not, the server log names what is missing. */
export const xConfigured = (s: Settings) => !featureOffReason(s, 'X', X_SETTINGS);

/** X's client settings, or 503 not_configured saying what is missing. */
export function xOAuthConfig(deps: Deps): XOAuthConfig {
  const s = deps.settings;
  if (!s.X_CLIENT_ID || !s.ENCRYPTION_KEY) throw notConfigured('X', unsetSettings(s, X_SETTINGS));
  return { ...providerHttp(s), authUrl: s.X_AUTH_URL, apiUrl: s.X_API_URL, clientId: s.X_CLIENT_ID, clientSecret: s.X_CLIENT_SECRET };
}
