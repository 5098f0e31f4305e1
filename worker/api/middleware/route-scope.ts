import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { assertNotLimited } from '../../domain/auth/contact-limit';
import { assertScope, type Caller } from '../../domain/auth/scopes';
import { AppError } from '../../domain/errors';
import { OWNERS_ALONE, ROUTE_SCOPES, SESSION_ONLY } from '../route-scopes';
import type { AppEnv } from '../types';

const BASE = '/api/v1';

/**
 * The operation a request reached, keyed as the OpenAPI document names it ("GET /contacts/{id}"),
 * or null when no route matches (the answer will be 404). Routes are matched in the order they
 * were added and the first one answers (ADR 017), so the first route that is not middleware
 * (`use`, method ALL) is the operation: /contacts/ids, not the /contacts/{id} after it.
 */
export function operationOf(c: Context<AppEnv>): string | null {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  if (!route) return null;
  const path = route.path.slice(BASE.length).replace(/:([^/]+)/g, '{$1}');
  return `${route.method} ${path}`;
}

/**
 * Refuses a caller without the scope the reached operation declares (ROUTE_SCOPES), and a token
 * limited to some contacts what is the owner's alone (OWNERS_ALONE). An
 * operation missing from the table is refused to every token: a forgotten entry closes the
 * route to scripts rather than opening the account to them.
 */
export function assertRouteScope(c: Context<AppEnv>, caller: Caller): void {
  if (caller.kind === 'session') return;
  const operation = operationOf(c);
  if (!operation) return;
  const needed = ROUTE_SCOPES[operation];
  if (needed === undefined || needed === 'public')
    throw new AppError('insufficient_scope', 'Access tokens cannot use this route', { operation });
  assertScope(caller, needed);
  const ownersAlone = OWNERS_ALONE.find(({ operations }) => operations.test(operation));
  if (ownersAlone) assertNotLimited(caller.contactLimit ?? null, ownersAlone.what);
  if (SESSION_ONLY.has(operation))
    throw new AppError('forbidden', 'Only a signed-in browser can do this: access tokens cannot, whatever their scopes', {
      operation,
      needed: 'session',
    });
}
