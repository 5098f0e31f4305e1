import { AppError } from '../../domain/errors';
import { ProviderError } from '../provider-error';
import { providerFetch, type ProviderHttp } from '../provider-fetch';

export interface XOAuthConfig extends ProviderHttp {
  /** The authorization page (https://twitter.com/i/oauth2/authorize). */
  authUrl: string;
  /** The API base (https://api.x.com): /2/oauth2/token lives there too. */
  apiUrl: string;
  clientId: string;
  /** Confidential clients authenticate with it (HTTP Basic); public clients have none. */
  clientSecret?: string;
}

/** X's token endpoint answer (OAuth 2.0 user context). */
export interface XTokens {
  token_type: string;
  access_token: string;
  expires_in: number;
  /** Present with offline.access; X rotates it on every refresh. */
  refresh_token?: string;
  scope?: string;
}

export const X_SCOPES = ['dm.read', 'dm.write', 'tweet.read', 'users.read', 'offline.access'];

/** The authorization-code-with-PKCE (S256) consent URL. */
export function xAuthorizationUrl(config: XOAuthConfig, p: { redirectUri: string; state: string; codeChallenge: string }): string {
  const url = new URL(config.authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: p.redirectUri,
    scope: X_SCOPES.join(' '),
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The refresh token (or code) is spent or revoked: the user has to connect again. */
export class XGrantRevokedError extends Error {}

async function tokenRequest(config: XOAuthConfig, params: Record<string, string>): Promise<XTokens> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (config.clientSecret) headers.authorization = `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`;
  let res: Response;
  try {
    res = await providerFetch('X', config, `${config.apiUrl.replace(/\/+$/, '')}/2/oauth2/token`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ client_id: config.clientId, ...params }).toString(),
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('provider_error', 'X is not answering right now; try again later');
    throw error;
  }
  const body = (await res.json().catch(() => ({}))) as Partial<XTokens> & { error?: string; error_description?: string };
  if (res.ok && body.access_token) return body as XTokens;
  // X answers a spent, revoked or unknown code/refresh token with 400 invalid_request ("Value
  // passed for the token was invalid") or invalid_grant.
  if (res.status === 400 && (body.error === 'invalid_request' || body.error === 'invalid_grant'))
    throw new XGrantRevokedError(body.error_description ?? body.error);
  if (res.status === 429) throw new AppError('rate_limited', 'X is rate limiting us; try again in a few minutes');
  throw new AppError(
    'provider_error',
    `X refused the token request (${body.error ?? `HTTP ${res.status}`}). Ask the administrator to check the X client settings.`,
  );
}

export const exchangeXCode = (config: XOAuthConfig, p: { code: string; codeVerifier: string; redirectUri: string }) =>
  tokenRequest(config, { grant_type: 'authorization_code', code: p.code, code_verifier: p.codeVerifier, redirect_uri: p.redirectUri });

export const refreshXToken = (config: XOAuthConfig, refreshToken: string) =>
  tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken });
