import type { Settings } from '../../env';
import type { Scope } from '../auth/scopes';
import { appOrigin } from '../settings/app-origin';

// Where Kith's OAuth 2.1 authorization server and its one protected resource (/mcp) live
// (ADR 042), and the documents that tell an MCP client so: RFC 9728 (the resource) and RFC 8414
// (the authorization server). Kith is both, on one origin.

/** The scopes a connected app may be given: never the account, never CardDAV. */
export const OAUTH_SCOPES: readonly Scope[] = ['contacts:read', 'contacts:write'];

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_PATH = '/.well-known/oauth-authorization-server';
export const REGISTER_PATH = '/oauth/register';
export const TOKEN_PATH = '/oauth/token';
export const REVOKE_PATH = '/oauth/revoke';
export const AUTHORIZE_PATH = '/oauth/authorize';

/** An access token lives an hour; a refresh token 30 days from its last use; a code a minute. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
export const CODE_SECONDS = 60;

export interface OAuthUrls {
  issuer: string;
  /** The MCP endpoint: the one resource tokens are issued for (RFC 8707). */
  resource: string;
  resourceMetadata: string;
  authorize: string;
  token: string;
  revoke: string;
  register: string;
}

/**
 * The URLs, from APP_URL. Without it (a local run), from the request's own origin: these
 * documents only tell a client where to go next, and a forged Host only misleads its sender.
 */
export function oauthUrls(settings: Pick<Settings, 'APP_URL'>, requestUrl: string): OAuthUrls {
  const origin = appOrigin(settings) ?? new URL(requestUrl).origin;
  return {
    issuer: origin,
    resource: `${origin}/mcp`,
    resourceMetadata: `${origin}${PROTECTED_RESOURCE_PATH}`,
    authorize: `${origin}${AUTHORIZE_PATH}`,
    token: `${origin}${TOKEN_PATH}`,
    revoke: `${origin}${REVOKE_PATH}`,
    register: `${origin}${REGISTER_PATH}`,
  };
}

/** RFC 9728: what /mcp is and who issues its tokens. */
export const protectedResourceMetadata = (urls: OAuthUrls) => ({
  resource: urls.resource,
  authorization_servers: [urls.issuer],
  scopes_supported: OAUTH_SCOPES,
  bearer_methods_supported: ['header'],
  resource_name: 'Kith',
});

/** RFC 8414: public clients only, the code flow with PKCE S256, rotated refresh tokens, revocation (RFC 7009). */
export const authorizationServerMetadata = (urls: OAuthUrls) => ({
  issuer: urls.issuer,
  authorization_endpoint: urls.authorize,
  token_endpoint: urls.token,
  registration_endpoint: urls.register,
  revocation_endpoint: urls.revoke,
  revocation_endpoint_auth_methods_supported: ['none'],
  scopes_supported: OAUTH_SCOPES,
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  token_endpoint_auth_methods_supported: ['none'],
  code_challenge_methods_supported: ['S256'],
  authorization_response_iss_parameter_supported: true,
});
