import type { Db } from '../../db/client';
import { RateLimitedError } from '../errors';

/**
 * Fixed-window counter kept in D1, so every isolate sees the same count.
 * Throws RateLimitedError (429 + Retry-After) once `limit` hits fall in one window.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const nowSec = Math.floor(Date.now() / 1000);
  const windowStart = nowSec - (nowSec % windowSeconds);
  const row = await db.$client
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  if (row && row.count > limit) {
    throw new RateLimitedError(Math.max(1, windowStart + windowSeconds - nowSec), message);
  }
}
