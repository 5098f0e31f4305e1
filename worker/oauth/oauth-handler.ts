import { clientAddress } from '../domain/auth/client-address';
import { checkedAgainst, failureBudget } from '../domain/auth/failure-budget';
import { SOURCE_FACTOR } from '../domain/auth/sign-in-throttle';
import { hitRateLimit } from '../domain/auth/rate-limit';
import { depsFromEnv, type ServerDeps } from '../domain/deps';
import { RateLimitedError } from '../domain/errors';
import { registerClient } from '../domain/mcp-oauth/client-registration';
import { OAuthError } from '../domain/mcp-oauth/oauth-error';
import {
  AUTHORIZATION_SERVER_PATH,
  authorizationServerMetadata,
  oauthUrls,
  PROTECTED_RESOURCE_PATH,
  protectedResourceMetadata,
  REGISTER_PATH,
  REVOKE_PATH,
  TOKEN_PATH,
} from '../domain/mcp-oauth/oauth-urls';
import { tokenRequest } from '../domain/mcp-oauth/token-exchange';
import { revokeRequest } from '../domain/mcp-oauth/token-revocation';
import type { Env } from '../env';
import { readCapped } from '../read-capped';
import { strictUtf8 } from '../request-text';

// The OAuth 2.1 endpoints an MCP client calls itself (ADR 042): the two metadata documents,
// registration, the token endpoint and revocation (RFC 7009). They speak OAuth's wire format, not the API's envelope,
// and allow any origin (a browser-based MCP client calls them; no cookie is ever read here).
// The consent page, /oauth/authorize, is a Remix page: it needs the signed-in user.

const BODY_MAX = 16 * 1024;
/** Registrations per client address per hour: a client registers once per install. */
const REGISTRATIONS_PER_HOUR = 20;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
};

function answer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { ...CORS, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
  });
}

const oauthError = (e: OAuthError, headers: Record<string, string> = {}) =>
  answer({ error: e.error, error_description: e.description }, e.status, headers);

/** Whether `pathname` is one of these endpoints (the resource metadata also under /mcp, RFC 9728 §3.1). */
export function isOAuthPath(pathname: string): boolean {
  return (
    pathname === PROTECTED_RESOURCE_PATH ||
    pathname === `${PROTECTED_RESOURCE_PATH}/mcp` ||
    pathname === AUTHORIZATION_SERVER_PATH ||
    pathname === REGISTER_PATH ||
    pathname === TOKEN_PATH ||
    pathname === REVOKE_PATH
  );
}

async function readBody(request: Request): Promise<string> {
  const bytes = request.body ? await readCapped(request.body, BODY_MAX) : new Uint8Array();
  if (!bytes) throw new OAuthError('invalid_request', `The body is larger than ${BODY_MAX} bytes`, 413);
  const text = strictUtf8(bytes);
  if (text === null) throw new OAuthError('invalid_request', 'The body is not UTF-8');
  return text;
}

async function register(server: ServerDeps, request: Request): Promise<Response> {
  await hitRateLimit(
    server.directory.db,
    `oauth-register:${clientAddress(request)}`,
    REGISTRATIONS_PER_HOUR,
    3600,
    'Too many registrations from this address; wait an hour',
  );
  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError('invalid_client_metadata', 'The body is not JSON');
  }
  return answer(await registerClient(server.directory.db, body), 201);
}

async function readForm(request: Request): Promise<URLSearchParams> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded');
  return new URLSearchParams(await readBody(request));
}

async function token(server: ServerDeps, request: Request): Promise<Response> {
  const form = await readForm(request);
  // Codes and refresh tokens cannot be guessed: a right one always gets its tokens; wrong ones
  // count against their source, which past 5×N in 15 minutes is told to slow down (ADR 050).
  const budget = failureBudget(
    server.directory.db,
    `oauth-token-fails:${clientAddress(request)}`,
    server.settings.AUTH_RATE_LIMIT_PER_15_MIN * SOURCE_FACTOR,
    'Too many failed token requests from this address; try again later',
  );
  const tokens = await checkedAgainst(budget, () => tokenRequest(server, form, oauthUrls(server.settings, request.url)));
  return answer(tokens, 200, { pragma: 'no-cache' });
}

/** RFC 7009 §2.2: 200 with an empty body, for a token revoked now, before, or never known. */
async function revoke(server: ServerDeps, request: Request): Promise<Response> {
  await revokeRequest(server, await readForm(request));
  return new Response(null, { status: 200, headers: { ...CORS, 'cache-control': 'no-store' } });
}

export async function handleOAuth(request: Request, env: Env): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...CORS, 'access-control-max-age': '86400' } });
  const server = depsFromEnv(env);
  const urls = oauthUrls(server.settings, request.url);
  const post = pathname === REGISTER_PATH || pathname === TOKEN_PATH || pathname === REVOKE_PATH;
  if (request.method !== (post ? 'POST' : 'GET') && !(request.method === 'HEAD' && !post))
    return answer({ error: 'invalid_request', error_description: `Use ${post ? 'POST' : 'GET'}` }, 405, { allow: post ? 'POST' : 'GET' });
  try {
    if (pathname === AUTHORIZATION_SERVER_PATH) return answer(authorizationServerMetadata(urls));
    if (!post) return answer(protectedResourceMetadata(urls));
    if (pathname === REVOKE_PATH) return await revoke(server, request);
    return pathname === REGISTER_PATH ? await register(server, request) : await token(server, request);
  } catch (error) {
    if (error instanceof OAuthError) return oauthError(error);
    if (error instanceof RateLimitedError)
      return answer({ error: 'slow_down', error_description: error.message }, 429, { 'retry-after': String(error.retryAfterSeconds) });
    throw error;
  }
}
