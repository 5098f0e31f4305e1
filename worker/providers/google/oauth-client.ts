import { AppError } from '../../domain/errors';
import { providerFetch, type ProviderHttp } from '../provider-fetch';

export interface GoogleOAuthConfig extends ProviderHttp {
  oauthUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface GoogleTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
  token_type: string;
}

export const CONTACTS_SCOPE = 'https://www.googleapis.com/auth/contacts.readonly';
/** What the Email channel asks for on top: send mail, read mail and calendar for the syncs. */
export const EMAIL_SCOPES = [
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/calendar.readonly',
];

/** Google's authorization endpoint URL for the authorization-code flow with PKCE (S256). */
export function authorizationUrl(
  config: GoogleOAuthConfig,
  p: { redirectUri: string; state: string; codeChallenge: string; scopes?: string[] },
): string {
  const url = new URL(`${config.oauthUrl.replace(/\/+$/, '')}/o/oauth2/v2/auth`);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: p.redirectUri,
    response_type: 'code',
    scope: (p.scopes ?? [CONTACTS_SCOPE]).join(' '),
    // Incremental consent: the new token also carries the scopes granted before, so Contacts
    // sync and the Email channel share one Google connection.
    include_granted_scopes: 'true',
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    // A refresh token, so syncs keep working after the hour the access token lives.
    access_type: 'offline',
    prompt: 'consent',
  }).toString();
  return url.toString();
}

async function tokenRequest(config: GoogleOAuthConfig, params: Record<string, string>): Promise<GoogleTokens> {
  // A token endpoint that never answers must not hold a sync job (or a sign-in) forever.
  const res = await providerFetch('Google', config, `${config.tokenUrl.replace(/\/+$/, '')}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params }).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as Partial<GoogleTokens> & { error?: string };
  if (!res.ok || !body.access_token) {
    // invalid_grant: the user revoked access or the code/refresh token is spent.
    const code = body.error ?? `http_${res.status}`;
    throw new AppError(
      code === 'invalid_grant' ? 'channel_not_connected' : 'provider_error',
      `Google refused the token request (${code}). Connect Google again in Settings.`,
    );
  }
  return body as GoogleTokens;
}

export function exchangeCode(
  config: GoogleOAuthConfig,
  p: { code: string; codeVerifier: string; redirectUri: string },
): Promise<GoogleTokens> {
  return tokenRequest(config, {
    grant_type: 'authorization_code',
    code: p.code,
    code_verifier: p.codeVerifier,
    redirect_uri: p.redirectUri,
  });
}

export function refreshAccessToken(config: GoogleOAuthConfig, refreshToken: string): Promise<GoogleTokens> {
  return tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
