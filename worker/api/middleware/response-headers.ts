import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

/**
 * Every API answer (data, exports, errors, 429s) is kept out of caches and never
 * content-sniffed. A route may choose its own Cache-Control (the photo and logo routes
 * allow private caching of images addressed by hash or version).
 */
export const apiResponseHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};
