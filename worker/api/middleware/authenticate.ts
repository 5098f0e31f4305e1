import { createMiddleware } from 'hono/factory';
import { apiLimitOf, findApiCaller } from '../../domain/auth/api-caller';
import { readSessionToken } from '../../domain/auth/sessions';
import { depsForUser } from '../../domain/deps';
import { AppError } from '../../domain/errors';
import type { AppEnv } from '../types';
import { assertSameOrigin } from './same-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the user from `Authorization: Bearer <token>` or the session cookie, and counts
 * the request against the user's API limit (API_RATE_LIMIT_PER_MINUTE, 429 + Retry-After).
 * Cookie-authenticated writes must come from our own origin (API.md "Auth").
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const { directory, settings } = c.var.server;
  const db = directory.db;
  const limit = apiLimitOf(settings);
  const header = c.req.header('authorization');
  if (header) {
    const match = header.match(/^Bearer\s+(\S+)$/i);
    const user = match ? await findApiCaller(db, { kind: 'token', secret: match[1]! }, limit) : null;
    if (!user) throw new AppError('unauthenticated', 'The access token is invalid or revoked');
    c.set('user', user);
    c.set('deps', await depsForUser(c.var.server, user.id));
    c.set('authKind', 'token');
    return next();
  }
  const token = readSessionToken(c.req.header('cookie'));
  const user = token ? await findApiCaller(db, { kind: 'session', secret: token }, limit) : null;
  if (!user || !token) throw new AppError('unauthenticated', 'Sign in to continue');
  if (!SAFE_METHODS.has(c.req.method)) assertSameOrigin(c.req.raw, settings.APP_URL);
  c.set('user', user);
  c.set('deps', await depsForUser(c.var.server, user.id));
  c.set('authKind', 'session');
  c.set('sessionToken', token);
  return next();
});
