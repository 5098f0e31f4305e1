import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contactDates, contacts } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

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

/** The contact's date `id`, the user's, on a contact the handle sees (a limited one sees fewer, ADR 074). */
const ownDate = (db: Db, userId: string, contactId: string, id: string) =>
  and(
    eq(contactDates.userId, userId),
    eq(contactDates.contactId, contactId),
    eq(contactDates.id, id),
    visibleOnDb(db, userId, contactDates.contactId),
  );

/** The contact's date `id`, if it is the user's (and its contact one a limited handle sees, ADR 074). */
export function ownContactDate(db: Db, userId: string, contactId: string, id: string) {
  return db
    .select()
    .from(contactDates)
    .where(ownDate(db, userId, contactId, id))
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

/** Deletes the contact's date `id`, giving the id of the row deleted (none if it was not the user's, or not the limited handle's to see). */
export function deleteOwnContactDate(db: Db, userId: string, contactId: string, id: string) {
  return db
    .delete(contactDates)
    .where(ownDate(db, userId, contactId, id))
    .returning({ id: contactDates.id });
}

/** The user's dates falling on any of these calendar days, with their contact's name. */
export function datesOnDays(db: Db, userId: string, days: { month: number; day: number }[]) {
  return db
    .select({ d: contactDates, name: contacts.fullName })
    .from(contactDates)
    .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
    .where(
      and(
        eq(contactDates.userId, userId),
        or(...days.map((k) => and(eq(contactDates.month, k.month), eq(contactDates.day, k.day)))),
        visibleOnDb(db, userId, contactDates.contactId),
      ),
    );
}

/**
 * The user's dates for the calendar feed, with their contact's name: archived contacts left out,
 * at most `limit`, those coming soonest from `fromDay` (month * 100 + day) first, so a cut loses
 * the furthest. Read through contact_dates_user_day.
 */
export function datesForFeed(db: Db, userId: string, fromDay: number, limit: number) {
  return db
    .select({ d: contactDates, name: contacts.fullName })
    .from(contactDates)
    .innerJoin(contacts, and(eq(contacts.id, contactDates.contactId), eq(contacts.userId, contactDates.userId)))
    .where(and(eq(contactDates.userId, userId), ne(contacts.priority, 'archived')))
    .orderBy(
      sql`(${contactDates.month} * 100 + ${contactDates.day}) < ${fromDay}`,
      asc(contactDates.month),
      asc(contactDates.day),
      asc(contactDates.id),
    )
    .limit(limit);
}
