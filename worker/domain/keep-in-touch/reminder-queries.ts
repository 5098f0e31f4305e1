import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reminders } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The user's reminders ("remind me on <date>", "follow up in …").

type ReminderRow = typeof reminders.$inferSelect;

/** The contact's first `limit` open reminders, soonest first. */
export async function openRemindersOf(db: Db, userId: string, contactId: string, limit: number) {
  return db
    .select()
    .from(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.contactId, contactId), inArray(reminders.status, ['pending', 'snoozed'])))
    .orderBy(asc(reminders.dueOn), asc(reminders.id))
    .limit(limit);
}

export async function insertReminder(db: Db, row: ReminderRow) {
  await db.insert(reminders).values(row);
}

/** The reminder, if the handle may see its contact (a limited token: ADR 035, 073). */
export async function findReminder(db: Db, userId: string, id: string) {
  return db
    .select()
    .from(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.id, id), visibleOnDb(db, userId, reminders.contactId)))
    .get();
}

/** Writes every column of the reminder as given. */
export async function saveReminder(db: Db, userId: string, id: string, row: ReminderRow) {
  await db
    .update(reminders)
    .set(row)
    .where(and(eq(reminders.userId, userId), eq(reminders.id, id)));
}

/** Deletes the reminder; gives its id, or nothing when the user has no such reminder. */
export async function deleteReminderRow(db: Db, userId: string, id: string) {
  return db
    .delete(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.id, id), visibleOnDb(db, userId, reminders.contactId)))
    .returning({ id: reminders.id });
}
