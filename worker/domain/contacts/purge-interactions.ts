import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import type { Deps } from '../deps';
import { purgeNextInteractions, usersWithPendingPurgesAfter } from './contact-delete-queries';

// Deleted contacts whose interactions one write batch removes, and at most how many
// interactions its statement deletes: D1 runs one write at a time, so the purge must never
// hold it for long while the user goes on working. Bounded by contacts alone, one contact with
// 5 000 interactions held it 2.2 s (node:sqlite, the bench data); 2 000 rows take ~25 ms.
export const PURGE_CONTACTS_PER_BATCH = 100;
export const PURGE_INTERACTIONS_PER_STATEMENT = 2000;

// A purge job works this long, then hands the rest to a fresh message.
const PURGE_BUDGET_MS = 20_000;

/**
 * Asks the queue to purge the interactions of the user's deleted contacts. The contacts are
 * already gone; a message lost here only delays the purge, because the quarter-hour cron
 * sweeps interaction_purges. So a failed send is logged, never turned into a failed delete.
 */
export async function schedulePurge(deps: Deps, userId: string): Promise<void> {
  try {
    await deps.jobs.send({ type: 'purge_interactions', user_id: userId });
  } catch (error) {
    console.error('Could not enqueue purge_interactions; the cron will sweep it', error instanceof Error ? error.message : error);
  }
}

/**
 * Removes up to PURGE_INTERACTIONS_PER_STATEMENT interactions of the next deleted contacts, and
 * the purge rows of those left with none; whether it found anything to do.
 */
async function purgeNextBatch(db: Db, userId: string): Promise<boolean> {
  const [removed, cleared] = await runStatements(
    db,
    purgeNextInteractions(userId, PURGE_CONTACTS_PER_BATCH, PURGE_INTERACTIONS_PER_STATEMENT),
  );
  return (removed?.meta.changes ?? 0) > 0 || (cleared?.meta.changes ?? 0) > 0;
}

/** Purges until nothing is left or the time budget is spent; `more` when some remain. */
export async function purgeDeletedInteractions(db: Db, userId: string, budgetMs = PURGE_BUDGET_MS): Promise<{ more: boolean }> {
  const started = Date.now();
  do {
    if (!(await purgeNextBatch(db, userId))) return { more: false };
  } while (Date.now() - started < budgetMs);
  return { more: true };
}

/** The users with deleted contacts whose interactions are still to be purged, a page at a time. */
export async function usersWithPendingPurges(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await usersWithPendingPurgesAfter(db, after, limit);
  return rows.map((r) => r.userId);
}
