import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { contacts, followups } from '../../db/schema';
import { reminders } from '../../db/schema-keep-in-touch';
import type { PublicUser } from '../auth/users';
import { AppError, notFound } from '../errors';
import { addDays, localDate, MAX_SNOOZE_DAYS, snoozeTarget, startOfLocalDate, type SnoozeInput } from './calendar-dates';
import type { AgendaType } from './agenda';
import { recordIdSchema } from '../record-id';

export const AGENDA_TYPES = ['reminder', 'cadence', 'followup'] as const satisfies readonly AgendaType[];
export const agendaTypeSchema = z.enum(AGENDA_TYPES);
/** Which agenda item a done, dismiss or snooze is about: the API's path, the agenda forms' fields. */
export const agendaItemTarget = z.object({ type: agendaTypeSchema, id: recordIdSchema });

type User = Pick<PublicUser, 'id' | 'time_zone'>;
const OPEN = ['pending', 'snoozed'] as const;

function closedOrMissing(exists: boolean, what: string): never {
  if (!exists) throw notFound(what);
  throw new AppError('conflict', `This ${what.toLowerCase()} is already closed`);
}

async function noCadence(db: Db, user: User, contactId: string): Promise<never> {
  const exists = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, user.id), eq(contacts.id, contactId)))
    .get();
  if (!exists) throw notFound('Contact');
  throw new AppError('not_processable', 'This contact has no cadence (or is archived): nothing is due');
}

/**
 * Done or dismissed. A reminder or suggestion closes; a cadence due starts its next round
 * from today (the anchor), without logging an interaction.
 */
export async function closeAgendaItem(
  db: Db,
  user: User,
  type: AgendaType,
  ref: string,
  outcome: 'done' | 'dismissed',
  now = new Date(),
): Promise<void> {
  if (type === 'cadence') {
    const rows = await db
      .update(contacts)
      .set({ cadenceAnchor: localDate(now, user.time_zone), cadenceSnoozedUntil: null })
      .where(and(eq(contacts.userId, user.id), eq(contacts.id, ref), isNotNull(contacts.nextDue)))
      .returning({ id: contacts.id });
    if (!rows.length) await noCadence(db, user, ref);
    return;
  }
  const table = type === 'reminder' ? reminders : followups;
  const rows = await db
    .update(table)
    .set({ status: outcome, resolvedAt: nowIso() })
    .where(and(eq(table.userId, user.id), eq(table.id, ref), inArray(table.status, [...OPEN])))
    .returning({ id: table.id });
  if (rows.length) return;
  const exists = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, user.id), eq(table.id, ref)))
    .get();
  closedOrMissing(Boolean(exists), type === 'reminder' ? 'Reminder' : 'Follow-up');
}

/** Hides the item until a later date (1 day, 1 week, 1 month or a date), in the user's calendar. */
export async function snoozeAgendaItem(
  db: Db,
  user: User,
  type: AgendaType,
  ref: string,
  input: SnoozeInput,
  now = new Date(),
): Promise<{ until: string }> {
  const today = localDate(now, user.time_zone);
  const until = snoozeTarget(today, input);
  if (until <= today) throw new AppError('not_processable', 'Snooze to a date after today', { field: 'until' });
  if (until > addDays(today, MAX_SNOOZE_DAYS))
    throw new AppError('not_processable', `Snooze to a date at most ${MAX_SNOOZE_DAYS} days from today`, { field: 'until' });
  if (type === 'cadence') {
    const rows = await db
      .update(contacts)
      .set({ cadenceSnoozedUntil: until })
      .where(and(eq(contacts.userId, user.id), eq(contacts.id, ref), isNotNull(contacts.nextDue)))
      .returning({ id: contacts.id });
    if (!rows.length) await noCadence(db, user, ref);
    return { until };
  }
  const rows =
    type === 'reminder'
      ? await db
          .update(reminders)
          .set({ status: 'snoozed', dueOn: until })
          .where(and(eq(reminders.userId, user.id), eq(reminders.id, ref), inArray(reminders.status, [...OPEN])))
          .returning({ id: reminders.id })
      : await db
          .update(followups)
          .set({ status: 'snoozed', snoozedUntil: startOfLocalDate(until, user.time_zone).toISOString() })
          .where(and(eq(followups.userId, user.id), eq(followups.id, ref), inArray(followups.status, [...OPEN])))
          .returning({ id: followups.id });
  if (rows.length) return { until };
  const table = type === 'reminder' ? reminders : followups;
  const exists = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, user.id), eq(table.id, ref)))
    .get();
  closedOrMissing(Boolean(exists), type === 'reminder' ? 'Reminder' : 'Follow-up');
}
