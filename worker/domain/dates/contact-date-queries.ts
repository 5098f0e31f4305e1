import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contactDates, contacts } from '../../db/schema';

export type ContactDateRow = typeof contactDates.$inferSelect;

/** The contact's dates, in calendar order. */
export function datesOfContact(db: Db, userId: string, contactId: string) {
  return db
    .select()
    .from(contactDates)
    .where(and(ownedBy(contactDates.userId, userId), eq(contactDates.contactId, contactId)))
    .orderBy(asc(contactDates.month), asc(contactDates.day), asc(contactDates.id));
}

/** The dates of the contacts among `contactIds` (at most 90: D1's bound-parameter limit), in calendar order. */
export function datesOfContactsAmong(db: Db, userId: string, contactIds: string[]) {
  return db
    .select()
    .from(contactDates)
    .where(and(ownedBy(contactDates.userId, userId), inArray(contactDates.contactId, contactIds)))
    .orderBy(asc(contactDates.month), asc(contactDates.day), asc(contactDates.id));
}

/** The contact's birthday, if it has one. */
export function birthdayOf(db: Db, contactId: string) {
  return db
    .select({ id: contactDates.id })
    .from(contactDates)
    .where(and(eq(contactDates.contactId, contactId), eq(contactDates.kind, 'birthday')))
    .get();
}

/** The contact's date `id`, if it is the user's. */
export function ownContactDate(db: Db, userId: string, contactId: string, id: string) {
  return db
    .select()
    .from(contactDates)
    .where(and(eq(contactDates.userId, userId), eq(contactDates.contactId, contactId), eq(contactDates.id, id)))
    .get();
}

export function insertContactDate(db: Db, row: ContactDateRow) {
  return db.insert(contactDates).values(row);
}

/** Writes `next` over the user's date `id`. */
export function replaceContactDate(db: Db, userId: string, id: string, next: ContactDateRow) {
  return db
    .update(contactDates)
    .set(next)
    .where(and(eq(contactDates.userId, userId), eq(contactDates.id, id)));
}

/** Deletes the contact's date `id`, giving the id of the row deleted (none if it was not the user's). */
export function deleteOwnContactDate(db: Db, userId: string, contactId: string, id: string) {
  return db
    .delete(contactDates)
    .where(and(eq(contactDates.userId, userId), eq(contactDates.contactId, contactId), eq(contactDates.id, id)))
    .returning({ id: contactDates.id });
}

/** The user's dates falling on any of these calendar days, with their contact's name. */
export function datesOnDays(db: Db, userId: string, days: { month: number; day: number }[]) {
  return db
    .select({ d: contactDates, name: contacts.fullName })
    .from(contactDates)
    .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
    .where(and(eq(contactDates.userId, userId), or(...days.map((k) => and(eq(contactDates.month, k.month), eq(contactDates.day, k.day))))));
}
