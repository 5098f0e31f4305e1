import type { Db } from '../../db/client';
import { RateLimitedError } from '../errors';

/** The fixed window a request falls in, and how long until the next one opens. */
export function rateWindow(windowSeconds: number) {
  const nowSec = Math.floor(Date.now() / 1000);
  const windowStart = nowSec - (nowSec % windowSeconds);
  return { windowStart, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - nowSec) };
}

/**
 * The tail of an `INSERT INTO rate_limits (key, window_start, count) …` that counts one hit:
 * a new window starts again at 1. Shared with the API caller lookup, which inserts from a
 * SELECT: that SELECT needs a WHERE clause, or SQLite reads this `ON` as a join constraint.
 */
export const COUNT_HIT_SQL = `ON CONFLICT(key) DO UPDATE SET
  count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
  window_start = excluded.window_start
  RETURNING count`;

export function assertUnderLimit(count: number | undefined, limit: number, window: ReturnType<typeof rateWindow>, message?: string): void {
  if (count !== undefined && count > limit) throw new RateLimitedError(window.retryAfterSeconds, message);
}

/**
 * Fixed-window counter kept in D1, so every isolate sees the same count.
 * Throws RateLimitedError (429 + Retry-After) once `limit` hits fall in one window.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const window = rateWindow(windowSeconds);
  const row = await db.$client
    .prepare(`INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1) ${COUNT_HIT_SQL}`)
    .bind(key, window.windowStart)
    .first<{ count: number }>();
  assertUnderLimit(row?.count, limit, window, message);
}
