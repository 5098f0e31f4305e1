import { asc, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { interactionPurges, interactions } from '../../db/schema';
import { deleteLinksOfContacts } from '../relationships/contact-link-queries';

/**
 * Statements that delete the given contacts of the user with everything hanging off them,
 * except their interactions: those are recorded in interaction_purges, in the same batch, for
 * the purge_interactions job (ADR 010). A contact's interactions lie spread over the whole
 * table, so deleting them here made a bulk delete rewrite most of it while the user waited.
 * Children go first and explicitly: SQLite deletes are bound by page writes, and leaning on
 * the cascade measured slower. The ids travel as one JSON parameter read by json_each (D1
 * allows 100 bound parameters), so 10 000 contacts take a handful of statements instead of
 * hundreds of chunked ones. `+user_id` keeps SQLite on the contact-id indexes: without
 * statistics it rates `user_id = ?` as selective and walked all of a user's rows each time.
 */
export function deleteContactStatements(userId: string, ids: string[]): SQL[] {
  const json = JSON.stringify(ids);
  const idList = sql`(SELECT value FROM json_each(${json}))`;
  return [
    sql`INSERT OR IGNORE INTO interaction_purges (user_id, contact_id, deleted_at) SELECT ${userId}, value, ${nowIso()} FROM json_each(${json})`,
    // The index rows go first, so the triggers of the tag and identifier deletes below find
    // nothing to rewrite (migrations/0023).
    sql`DELETE FROM contacts_fts WHERE rowid IN (SELECT rowid FROM contacts WHERE +user_id = ${userId} AND id IN ${idList})`,
    sql`DELETE FROM followups WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contact_tags WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contact_identifiers WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contact_sync_state WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    ...deleteLinksOfContacts(userId, ids),
    sql`DELETE FROM contacts WHERE +user_id = ${userId} AND id IN ${idList}`,
  ];
}

/**
 * One step of the purge, as one transaction: delete up to `interactionsPerStatement`
 * interactions of the next `contactsPerBatch` deleted contacts, then the purge rows of those
 * left with none. Both statements read the same first purge rows.
 */
export function purgeNextInteractions(userId: string, contactsPerBatch: number, interactionsPerStatement: number): [SQL, SQL] {
  const next = sql`(SELECT contact_id FROM interaction_purges WHERE user_id = ${userId} ORDER BY contact_id LIMIT ${contactsPerBatch})`;
  return [
    sql`DELETE FROM interactions WHERE rowid IN (
          SELECT rowid FROM interactions WHERE user_id = ${userId} AND contact_id IN ${next} LIMIT ${interactionsPerStatement})`,
    sql`DELETE FROM interaction_purges WHERE user_id = ${userId} AND contact_id IN ${next}
          AND NOT EXISTS (SELECT 1 FROM interactions i WHERE i.user_id = ${userId} AND i.contact_id = interaction_purges.contact_id)
          AND NOT EXISTS (SELECT 1 FROM contact_files f WHERE f.user_id = ${userId} AND f.contact_id = interaction_purges.contact_id)`,
  ];
}

/**
 * The condition for an interaction whose contact still exists. Reads that reach interactions
 * without going through a contact (by interaction id, or all of a user's) need it: a deleted
 * contact's interactions stay in the table until the purge job has removed them.
 */
export const ofExistingContact = sql`EXISTS (SELECT 1 FROM contacts c WHERE c.id = ${interactions.contactId} AND c.user_id = ${interactions.userId})`;

/** The next `limit` users after `after` (by id) with interactions of deleted contacts still to purge. */
export function usersWithPendingPurgesAfter(db: Db, after: string, limit: number) {
  return db
    .selectDistinct({ userId: interactionPurges.userId })
    .from(interactionPurges)
    .where(gt(interactionPurges.userId, after))
    .orderBy(asc(interactionPurges.userId))
    .limit(limit);
}
