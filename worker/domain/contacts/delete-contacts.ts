import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { contactIdentifiers, contacts, contactSyncState, contactTags, followups, interactions } from '../../db/schema';
import { auditStatement } from '../audit/audit-log';
import { notFound } from '../errors';

// `+user_id` keeps SQLite on the contact-id indexes: without statistics it rates
// `user_id = ?` as selective and walked all of a user's rows once per chunk (10 000
// contacts of a 50 000-contact user took 43 s instead of well under one).
const ofUser = (column: AnyColumn, userId: string) => eq(sql`+${column}`, userId);

/**
 * Statements that delete the given contacts of the user with everything hanging off them.
 * Children go first and explicitly: SQLite deletes are bound by page writes, and removing
 * interactions before their contacts measured 2.5x faster than leaning on the cascade.
 */
export function deleteContactStatements(db: Db, userId: string, ids: string[]): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    statements.push(
      db.delete(interactions).where(and(ofUser(interactions.userId, userId), inArray(interactions.contactId, chunk))),
      db.delete(followups).where(and(ofUser(followups.userId, userId), inArray(followups.contactId, chunk))),
      db.delete(contactTags).where(and(ofUser(contactTags.userId, userId), inArray(contactTags.contactId, chunk))),
      db.delete(contactIdentifiers).where(and(ofUser(contactIdentifiers.userId, userId), inArray(contactIdentifiers.contactId, chunk))),
      db.delete(contactSyncState).where(inArray(contactSyncState.contactId, chunk)),
      db.delete(contacts).where(and(ofUser(contacts.userId, userId), inArray(contacts.id, chunk))),
    );
  }
  return statements;
}

/** Permanently deletes one contact and its related data, auditing what was removed. */
export async function deleteContact(db: Db, userId: string, id: string): Promise<void> {
  const row = await db.select().from(contacts).where(and(eq(contacts.userId, userId), eq(contacts.id, id))).get();
  if (!row) throw notFound('Contact');
  await db.batch([auditStatement(db, userId, 'contact.delete', 'contact', id, row), ...deleteContactStatements(db, userId, [id])]);
}
