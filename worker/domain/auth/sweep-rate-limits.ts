import type { Db } from '../../db/client';
import { sweepCounterPage } from './rate-limit-queries';

// Every rate-limit window lasts a day at most (reset emails per address): a row whose window began a day ago counts
// nothing any more, and without a sweep the table keeps one row per client address and email
// ever seen.
const STALE_AFTER_SECONDS = 86_400;

/** Keys one step looks at: one indexed range of the primary key, bounded whatever the table's size. */
export const SWEEP_PAGE = 1_000;

/**
 * Deletes the stale rows among the next SWEEP_PAGE keys after `after` ('' for the first page);
 * answers the last key looked at, or null when the table has no more.
 */
export async function sweepRateLimitPage(db: Db, after: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string | null> {
  const [scanned] = await db.$client.batch<{ last: string | null; n: number }>(
    sweepCounterPage(db, after, SWEEP_PAGE, nowSeconds - STALE_AFTER_SECONDS),
  );
  const row = scanned?.results[0];
  return row && row.n === SWEEP_PAGE ? row.last : null;
}
