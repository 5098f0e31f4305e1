import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interactionPurges, interactions } from '../../db/schema';
import { runStatements } from '../../db/sql-batch';
import type { Deps } from '../deps';

// Deleted contacts whose interactions one write batch removes. At the ~10 interactions of a
// typical contact a batch takes tens of milliseconds, so the purge never holds the database
// for long (D1 runs one write at a time) while the user goes on working.
export const PURGE_CONTACTS_PER_BATCH = 100;

// A purge job works this long, then hands the rest to a fresh message.
const PURGE_BUDGET_MS = 20_000;

/**
 * The condition for an interaction whose contact still exists. Reads that reach interactions
 * without going through a contact (by interaction id, or all of a user's) need it: a deleted
 * contact's interactions stay in the table until the purge job has removed them.
 */
export const ofExistingContact = sql`EXISTS (SELECT 1 FROM contacts c WHERE c.id = ${interactions.contactId} AND c.user_id = ${interactions.userId})`;

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

/** Removes the interactions of the next batch of deleted contacts with their purge rows; how many contacts it cleared. */
async function purgeNextBatch(db: Db, userId: string): Promise<number> {
  // Both statements read the same first rows: the batch is one transaction.
  const next = sql`(SELECT contact_id FROM interaction_purges WHERE user_id = ${userId} ORDER BY contact_id LIMIT ${PURGE_CONTACTS_PER_BATCH})`;
  const [, cleared] = await runStatements(db, [
    sql`DELETE FROM interactions WHERE user_id = ${userId} AND contact_id IN ${next}`,
    sql`DELETE FROM interaction_purges WHERE user_id = ${userId} AND contact_id IN ${next}`,
  ]);
  return cleared?.meta.changes ?? 0;
}

/** Purges until nothing is left or the time budget is spent; `more` when some remain. */
export async function purgeDeletedInteractions(db: Db, userId: string, budgetMs = PURGE_BUDGET_MS): Promise<{ more: boolean }> {
  const started = Date.now();
  do {
    if ((await purgeNextBatch(db, userId)) < PURGE_CONTACTS_PER_BATCH) return { more: false };
  } while (Date.now() - started < budgetMs);
  return { more: true };
}

/** The users with deleted contacts whose interactions are still to be purged, a page at a time. */
export async function usersWithPendingPurges(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: interactionPurges.userId })
    .from(interactionPurges)
    .where(gt(interactionPurges.userId, after))
    .orderBy(asc(interactionPurges.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}
