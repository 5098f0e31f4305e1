import { TOMBSTONE_DAYS } from './change-feed';
import { sweepDavResourcesStatement } from '../dav/dav-sweep-queries';
import { sweepTombstoneStatements } from './change-feed-queries';

/** Tombstones one step deletes: one indexed range, bounded however many expired at once. */
export const TOMBSTONE_SWEEP_PAGE = 1_000;

/**
 * Deletes up to TOMBSTONE_SWEEP_PAGE tombstones older than the retention on one database,
 * raising their users' horizons first; answers whether a full page went (more may wait).
 */
export async function sweepTombstonePage(d1: D1Database, now = new Date()): Promise<boolean> {
  const before = new Date(now.getTime() - TOMBSTONE_DAYS * 86_400_000).toISOString();
  const [raise, forgetTags, drop] = sweepTombstoneStatements(d1, before, TOMBSTONE_SWEEP_PAGE);
  // A phone-chosen card name outlives its contact exactly as long as the tombstone that names it.
  const [, , , deleted] = await d1.batch([raise!, sweepDavResourcesStatement(d1, before, TOMBSTONE_SWEEP_PAGE), forgetTags!, drop!]);
  return (deleted?.meta.changes ?? 0) === TOMBSTONE_SWEEP_PAGE;
}
