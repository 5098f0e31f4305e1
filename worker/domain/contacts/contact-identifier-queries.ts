import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactIdentifiers, contacts, type IdentifierKind } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

/** The user's contacts (other than `exceptContactId`) holding any of these identifiers, with their names, oldest first. */
export function ownersOfIdentifiers(
  db: Db,
  userId: string,
  list: { kind: IdentifierKind; valueNorm: string }[],
  exceptContactId: string | null,
) {
  const match = or(...list.map((x) => and(eq(contactIdentifiers.kind, x.kind), eq(contactIdentifiers.valueNorm, x.valueNorm))));
  return db
    .select({
      kind: contactIdentifiers.kind,
      valueNorm: contactIdentifiers.valueNorm,
      contactId: contacts.id,
      fullName: contacts.fullName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      // 0 for a contact a limited token may not see (ADR 035): a conflict with it must not name it.
      visible: sql<number>`${visibleOnDb(db, userId, contacts.id) ?? sql`1`}`,
    })
    .from(contactIdentifiers)
    .innerJoin(contacts, eq(contacts.id, contactIdentifiers.contactId))
    .where(and(eq(contactIdentifiers.userId, userId), match, exceptContactId ? ne(contactIdentifiers.contactId, exceptContactId) : sql`1`))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
}

/**
 * The user's contacts holding these normalized values of one kind (an email address, an X
 * handle), each with the value it holds: mail and DM syncs match their senders with it. At most
 * 90 values: D1 binds 100 parameters, with the user and the kind.
 */
export function contactsOwningIdentifiers(
  db: Db,
  userId: string,
  kind: IdentifierKind,
  valuesNorm: string[],
): Promise<{ valueNorm: string; contactId: string }[]> {
  return db
    .select({ valueNorm: contactIdentifiers.valueNorm, contactId: contactIdentifiers.contactId })
    .from(contactIdentifiers)
    .where(
      and(eq(contactIdentifiers.userId, userId), eq(contactIdentifiers.kind, kind), inArray(contactIdentifiers.valueNorm, valuesNorm)),
    );
}

/** Removes the contact's identifiers of these kinds. */
export function deleteIdentifiersOfKinds(db: Db, contactId: string, kinds: IdentifierKind[]) {
  return db.delete(contactIdentifiers).where(and(eq(contactIdentifiers.contactId, contactId), inArray(contactIdentifiers.kind, kinds)));
}

/** Adds identifiers: one statement for these rows (at most 15: D1's bound-parameter limit). */
export function insertIdentifierRows(db: Db, rows: (typeof contactIdentifiers.$inferInsert)[]) {
  return db.insert(contactIdentifiers).values(rows);
}
