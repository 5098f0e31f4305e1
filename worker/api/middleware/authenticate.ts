import { createMiddleware } from 'hono/factory';
import { apiLimitOf, findApiCaller, type ApiCaller } from '../../domain/auth/api-caller';
import { readSessionToken } from '../../domain/auth/sessions';
import { depsForCaller } from '../../domain/deps';
import { AppError } from '../../domain/errors';
import type { AppEnv } from '../types';
import { assertRouteScope } from './route-scope';
import { assertSameOrigin } from './same-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the user from `Authorization: Bearer <token>` or the session cookie, and counts
 * the request against the user's API limit (API_RATE_LIMIT_PER_MINUTE, 429 + Retry-After).
 * Cookie-authenticated writes must come from our own origin (API.md "Auth"); a token must hold
 * the scope the route declares (route-scopes.ts).
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const { directory, settings } = c.var.server;
  const db = directory.db;
  const limit = apiLimitOf(settings);
  const header = c.req.header('authorization');
  let found: ApiCaller | null;
  if (header) {
    const match = header.match(/^Bearer\s+(\S+)$/i);
    found = match ? await findApiCaller(db, { kind: 'token', secret: match[1]! }, limit) : null;
    if (!found) throw new AppError('unauthenticated', 'The access token is invalid or revoked');
    // A connected app's token was issued for the MCP server (RFC 8707's audience), not for the API.
    if (found.caller.oauthGrantId)
      throw new AppError(
        'forbidden',
        `This token was given to “${found.caller.clientName}” for Kith's MCP server (/mcp); the API takes personal access tokens`,
      );
    c.set('authKind', 'token');
  } else {
    const token = readSessionToken(c.req.header('cookie'));
    found = token ? await findApiCaller(db, { kind: 'session', secret: token }, limit) : null;
    if (!found || !token) throw new AppError('unauthenticated', 'Sign in to continue');
    if (!SAFE_METHODS.has(c.req.method)) assertSameOrigin(c.req.raw, settings.APP_URL);
    c.set('authKind', 'session');
    c.set('sessionToken', token);
  }
  assertRouteScope(c, found.caller);
  c.set('user', found.user);
  c.set('caller', found.caller);
  c.set('deps', await depsForCaller(c.var.server, found.user.id, found.caller));
  return next();
});
