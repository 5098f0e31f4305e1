import { createMiddleware } from 'hono/factory';
import { hitRateLimit } from '../../domain/auth/rate-limit';
import type { AppEnv } from '../types';

/** Per-user API limit (API_RATE_LIMIT_PER_MINUTE), answering 429 with Retry-After. */
export const apiRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { db, settings } = c.var.deps;
  await hitRateLimit(db, `api:${c.var.user.id}`, settings.API_RATE_LIMIT_PER_MINUTE, 60, 'Too many requests; wait a moment');
  return next();
});
