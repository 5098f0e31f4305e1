import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visibleOnDb } from '../auth/contact-limit-queries';
import { contacts, contactTags, type ContactRow } from '../../db/schema';

/** The user's contact `id`, if any. */
export function contactRow(db: Db, userId: string, id: string) {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id), visibleOnDb(db, userId, contacts.id)))
    .get();
}

export function insertContact(db: Db, row: ContactRow) {
  return db.insert(contacts).values(row);
}

/** Writes `columns` over the user's contact `id`. */
export function updateContactColumns(db: Db, userId: string, id: string, columns: Partial<ContactRow>) {
  return db
    .update(contacts)
    .set(columns)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id)));
}

/** Tags contacts: one statement for these rows (at most 20: D1's bound-parameter limit). */
export function insertTagRows(db: Db, rows: (typeof contactTags.$inferInsert)[]) {
  return db.insert(contactTags).values(rows);
}

/** Removes every tag of the contact. */
export function deleteTagsOfContact(db: Db, contactId: string) {
  return db.delete(contactTags).where(eq(contactTags.contactId, contactId));
}
