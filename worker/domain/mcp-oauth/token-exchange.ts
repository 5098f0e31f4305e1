import { newId, nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { recordSecurityEvent } from '../audit/security-events';
import { parseStoredScopes, storedScopes, type Scope } from '../auth/scopes';
import { TOKEN_PREFIX } from '../auth/tokens';
import { depsForUser, type ServerDeps } from '../deps';
import { invalidGrant, OAuthError } from './oauth-error';
import {
  claimCode,
  deleteGrant,
  findCode,
  findGrantByPreviousRefresh,
  findGrantByRefresh,
  findOAuthClient,
  replaceGrant,
  replaceAccessTokens,
  rotateRefresh,
  type GrantRow,
} from './oauth-queries';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, type OAuthUrls } from './oauth-urls';

// The token endpoint (OAuth 2.1 §3.2): a code with its PKCE verifier, or a refresh token, for
// an hour-long access token and a new refresh token (the old one stops working: rotation). The
// access token is an api_tokens row carrying the grant, so /mcp finds it, limits it and counts
// it exactly as a personal access token; revoking the grant deletes it.

const REFRESH_PREFIX = 'kithr_';
// RFC 7636 §4.1.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

function checkResource(form: URLSearchParams, urls: OAuthUrls) {
  const resource = form.get('resource');
  if (resource !== null && resource.replace(/\/$/, '') !== urls.resource)
    throw new OAuthError('invalid_target', `Kith issues tokens only for its MCP server, ${urls.resource}`);
}

async function accessToken(grant: GrantRow, scopes: string, now: number) {
  const token = TOKEN_PREFIX + randomSecret(32);
  const row = {
    id: newId(),
    userId: grant.userId,
    name: grant.clientName,
    tokenHash: await sha256Hex(token),
    tokenPrefix: token.slice(0, 9),
    scopes,
    createdAt: new Date(now).toISOString(),
    contactTags: grant.contactTags,
    hidePrivate: grant.hidePrivate,
    tools: grant.tools,
    oauthGrantId: grant.id,
    expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
  };
  return { token, row };
}

const answer = (access: string, refresh: string, scopes: string): TokenAnswer => ({
  access_token: access,
  token_type: 'Bearer',
  expires_in: ACCESS_TOKEN_SECONDS,
  refresh_token: refresh,
  scope: scopes,
});

const refreshExpiry = (now: number) => new Date(now + REFRESH_TOKEN_DAYS * 86_400_000).toISOString();

/** A leaked code or refresh token came back: the grant it made ends, and the user is told. */
async function endReplayedGrant(server: ServerDeps, userId: string, grantId: string) {
  const name = await deleteGrant(server.directory.db, userId, grantId);
  if (name !== null) await recordSecurityEvent(await depsForUser(server, userId), 'app.token_replayed', { name });
}

async function exchangeCode(server: ServerDeps, form: URLSearchParams, urls: OAuthUrls): Promise<TokenAnswer> {
  const db = server.directory.db;
  const [code, clientId, redirectUri, verifier] = ['code', 'client_id', 'redirect_uri', 'code_verifier'].map((n) => required(form, n));
  checkResource(form, urls);
  const codeHash = await sha256Hex(code!);
  const now = Date.now();
  // Marked used before anything else is checked: a code is good for one try, right or wrong.
  const claimed = await claimCode(db, codeHash, new Date(now).toISOString());
  if (!claimed) {
    const used = await findCode(db, codeHash);
    if (used?.grantId) await endReplayedGrant(server, used.userId, used.grantId);
    throw invalidGrant('The code is unknown or was already used');
  }
  if (Date.parse(claimed.expiresAt) <= now) throw invalidGrant('The code has expired; sign in again');
  if (claimed.clientId !== clientId) throw invalidGrant('The code was issued to another client');
  if (claimed.redirectUri !== redirectUri) throw invalidGrant('redirect_uri does not match the one the code was sent to');
  if (!VERIFIER.test(verifier!) || (await s256(verifier!)) !== claimed.codeChallenge)
    throw invalidGrant('code_verifier does not match the code_challenge');

  const client = await findOAuthClient(db, clientId!);
  if (!client) throw new OAuthError('invalid_client', 'The client is no longer registered', 401);
  const refresh = REFRESH_PREFIX + randomSecret(32);
  const grant: GrantRow = {
    id: newId(),
    userId: claimed.userId,
    clientId: claimed.clientId,
    clientName: client.name,
    redirectUri: claimed.redirectUri,
    scopes: claimed.scopes,
    contactTags: claimed.contactTags,
    hidePrivate: claimed.hidePrivate,
    tools: claimed.tools,
    refreshHash: await sha256Hex(refresh),
    previousRefreshHash: null,
    refreshExpiresAt: refreshExpiry(now),
    createdAt: nowIso(),
    lastUsedAt: null,
  };
  const access = await accessToken(grant, grant.scopes, now);
  await replaceGrant(db, grant, access.row, codeHash);
  return answer(access.token, refresh, grant.scopes);
}

/** The scopes for this access token: the grant's, or fewer when the client asks for fewer (RFC 6749 §6). */
function narrowed(grant: GrantRow, asked: string | null): string {
  if (!asked) return grant.scopes;
  const held = parseStoredScopes(grant.scopes);
  const names = asked.split(' ').filter(Boolean);
  const extra = names.find((name) => !(held as string[]).includes(name));
  if (extra) throw new OAuthError('invalid_scope', `${extra.slice(0, 40)} was not granted to this client`);
  return storedScopes(names as Scope[]);
}

async function refresh(server: ServerDeps, form: URLSearchParams, urls: OAuthUrls): Promise<TokenAnswer> {
  const db = server.directory.db;
  const [presented, clientId] = ['refresh_token', 'client_id'].map((n) => required(form, n));
  checkResource(form, urls);
  const hash = await sha256Hex(presented!);
  const grant = await findGrantByRefresh(db, hash);
  if (!grant) {
    const replaced = await findGrantByPreviousRefresh(db, hash);
    if (replaced && replaced.clientId === clientId) await endReplayedGrant(server, replaced.userId, replaced.id);
    throw invalidGrant('The refresh token is unknown, revoked or already used');
  }
  if (grant.clientId !== clientId) throw invalidGrant('The refresh token was issued to another client');
  const now = Date.now();
  if (Date.parse(grant.refreshExpiresAt) <= now) throw invalidGrant('The refresh token has expired; sign in again');
  const scopes = narrowed(grant, form.get('scope'));
  const next = REFRESH_PREFIX + randomSecret(32);
  if (!(await rotateRefresh(db, grant.id, hash, await sha256Hex(next), refreshExpiry(now), new Date(now).toISOString())))
    throw invalidGrant('The refresh token was just used');
  const access = await accessToken(grant, scopes, now);
  await replaceAccessTokens(db, grant.userId, grant.id, access.row);
  return answer(access.token, next, scopes);
}

/** Answers a token request (its form body), or throws OAuthError. */
export async function tokenRequest(server: ServerDeps, form: URLSearchParams, urls: OAuthUrls): Promise<TokenAnswer> {
  const type = form.get('grant_type');
  if (type === 'authorization_code') return exchangeCode(server, form, urls);
  if (type === 'refresh_token') return refresh(server, form, urls);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}
