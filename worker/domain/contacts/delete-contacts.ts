import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { contacts } from '../../db/schema';
import { auditStatement } from '../audit/audit-log';
import { notFound } from '../errors';

/**
 * Statements that delete the given contacts of the user with everything hanging off them.
 * Children go first and explicitly: SQLite deletes are bound by page writes, and removing
 * interactions before their contacts measured 2.5x faster than leaning on the cascade.
 * The ids travel as one JSON parameter read by json_each (D1 allows 100 bound parameters),
 * so 10 000 contacts take six statements instead of 668 chunked ones. `+user_id` keeps
 * SQLite on the contact-id indexes: without statistics it rates `user_id = ?` as selective
 * and walked all of a user's rows once per statement.
 */
export function deleteContactStatements(userId: string, ids: string[]): SQL[] {
  const idList = sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  return [
    sql`DELETE FROM interactions WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM followups WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contact_tags WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contact_identifiers WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contact_sync_state WHERE +user_id = ${userId} AND contact_id IN ${idList}`,
    sql`DELETE FROM contacts WHERE +user_id = ${userId} AND id IN ${idList}`,
  ];
}

/** Permanently deletes one contact and its related data, auditing what was removed. */
export async function deleteContact(db: Db, userId: string, id: string): Promise<void> {
  const row = await db.select().from(contacts).where(and(eq(contacts.userId, userId), eq(contacts.id, id))).get();
  if (!row) throw notFound('Contact');
  await runStatements(db, [auditStatement(db, userId, 'contact.delete', 'contact', id, row), ...deleteContactStatements(userId, [id])]);
}
