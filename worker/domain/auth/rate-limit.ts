import type { Db } from '../../db/client';
import { RateLimitedError } from '../errors';
import { countHit } from './rate-limit-queries';

/** The fixed window a request falls in, and how long until the next one opens. */
export function rateWindow(windowSeconds: number) {
  const nowSec = Math.floor(Date.now() / 1000);
  const windowStart = nowSec - (nowSec % windowSeconds);
  return { windowStart, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - nowSec) };
}

export function assertUnderLimit(count: number | undefined, limit: number, window: ReturnType<typeof rateWindow>, message?: string): void {
  if (count !== undefined && count > limit) throw new RateLimitedError(window.retryAfterSeconds, message);
}

/**
 * Fixed-window counter kept in D1, so every isolate sees the same count.
 * Throws RateLimitedError (429 + Retry-After) once `limit` hits fall in one window.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const window = rateWindow(windowSeconds);
  const row = await countHit(db, key, window.windowStart).first<{ count: number }>();
  assertUnderLimit(row?.count, limit, window, message);
}
