import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contactIdentifiers, contacts } from '../../db/schema';

// The user's contacts as mail sees them: by their email addresses.

/** The contact's name, or undefined if the user has no such contact. */
export async function contactFullName(db: Db, userId: string, contactId: string) {
  return db
    .select({ fullName: contacts.fullName })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .get();
}

/** The contact's first email address (as written), or undefined if it has none. */
export async function firstEmailOf(db: Db, userId: string, contactId: string) {
  return db
    .select({ value: contactIdentifiers.value })
    .from(contactIdentifiers)
    .where(
      and(ownedBy(contactIdentifiers.userId, userId), eq(contactIdentifiers.contactId, contactId), eq(contactIdentifiers.kind, 'email')),
    )
    .orderBy(asc(contactIdentifiers.position))
    .get();
}
