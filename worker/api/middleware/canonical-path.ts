import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../domain/errors';
import type { AppEnv } from '../types';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * One canonical address per resource: the API answers only on the literal /api/v1 path.
 * "/%61pi/v1/me" (reached through the page router, which decodes paths) or "/api/v1/%6De"
 * spell an address with percent-escapes of letters, digits or -._~, which no client needs
 * (RFC 3986 §2.3) and which would let requests slip past checks written for the literal path.
 */
export function isCanonicalApiPath(url: string): boolean {
  const { pathname } = new URL(url);
  if (pathname !== '/api/v1' && !pathname.startsWith('/api/v1/')) return false;
  for (const [, hex] of pathname.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (UNRESERVED.test(String.fromCharCode(parseInt(hex!, 16)))) return false;
  }
  return true;
}

export const canonicalPath: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isCanonicalApiPath(c.req.url)) throw new AppError('not_found', 'No such address: use the literal /api/v1/... path');
  return next();
};
