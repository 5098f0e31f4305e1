import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { contacts, followups, reminders } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

// What closing and snoozing an agenda item writes: each gives the ids it changed, none when
// the item is missing or no longer open. A token limited to some contacts (ADR 035, 073) finds
// only the items of contacts it may see: it may hold the id of one made private since.

const OPEN = ['pending', 'snoozed'] as const;
const tableOf = (type: 'reminder' | 'followup') => (type === 'reminder' ? reminders : followups);

export async function contactIdOf(db: Db, userId: string, contactId: string) {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), visibleOnDb(db, userId, contacts.id)))
    .get();
}

/** A reminder's or suggestion's id, whatever its status. */
export async function agendaRecordId(db: Db, userId: string, type: 'reminder' | 'followup', ref: string) {
  const table = tableOf(type);
  return db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.id, ref), visibleOnDb(db, userId, table.contactId)))
    .get();
}

/** Starts the contact's next cadence round from `anchor` (a local date), if it has a cadence. */
export async function restartCadence(db: Db, userId: string, contactId: string, anchor: string) {
  return db
    .update(contacts)
    .set({ cadenceAnchor: anchor, cadenceSnoozedUntil: null })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), isNotNull(contacts.nextDue), visibleOnDb(db, userId, contacts.id)))
    .returning({ id: contacts.id });
}

/** Closes an open reminder or suggestion as done or dismissed. */
export async function closeOpenRecord(db: Db, userId: string, type: 'reminder' | 'followup', ref: string, outcome: 'done' | 'dismissed') {
  const table = tableOf(type);
  return db
    .update(table)
    .set({ status: outcome, resolvedAt: nowIso() })
    .where(and(eq(table.userId, userId), eq(table.id, ref), inArray(table.status, [...OPEN]), visibleOnDb(db, userId, table.contactId)))
    .returning({ id: table.id });
}

/** Hides the contact's cadence due until `until` (a local date), if it has a cadence. */
export async function snoozeCadence(db: Db, userId: string, contactId: string, until: string) {
  return db
    .update(contacts)
    .set({ cadenceSnoozedUntil: until })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), isNotNull(contacts.nextDue), visibleOnDb(db, userId, contacts.id)))
    .returning({ id: contacts.id });
}

/** Moves an open reminder to `until` (a local date). */
export async function snoozeReminder(db: Db, userId: string, ref: string, until: string) {
  return db
    .update(reminders)
    .set({ status: 'snoozed', dueOn: until })
    .where(
      and(
        eq(reminders.userId, userId),
        eq(reminders.id, ref),
        inArray(reminders.status, [...OPEN]),
        visibleOnDb(db, userId, reminders.contactId),
      ),
    )
    .returning({ id: reminders.id });
}

/** Hides an open suggestion until the instant `until`. */
export async function snoozeFollowup(db: Db, userId: string, ref: string, until: string) {
  return db
    .update(followups)
    .set({ status: 'snoozed', snoozedUntil: until })
    .where(
      and(
        eq(followups.userId, userId),
        eq(followups.id, ref),
        inArray(followups.status, [...OPEN]),
        visibleOnDb(db, userId, followups.contactId),
      ),
    )
    .returning({ id: followups.id });
}
