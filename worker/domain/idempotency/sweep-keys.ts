import { IDEMPOTENCY_KEY_DAYS } from './once';
import { sweepExpiredKeys } from './idempotency-queries';

/** Keys one step deletes: one indexed range, bounded however many expired at once. */
export const KEY_SWEEP_PAGE = 1_000;

/** Deletes up to KEY_SWEEP_PAGE keys past their days on one database; answers whether a full page went (more may wait). */
export async function sweepKeyPage(d1: D1Database, now = new Date()): Promise<boolean> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000).toISOString();
  return (await sweepExpiredKeys(d1, before, KEY_SWEEP_PAGE)) === KEY_SWEEP_PAGE;
}
