import { z } from 'zod';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import type { reminders } from '../../db/schema';
import { AppError, notFound } from '../errors';
import { assertContactExists } from '../timeline/list-timeline';
import { singleLineText } from '../text-input';
import { localDateSchema } from './calendar-date-input';
import { REMINDER_LIMITS } from './reminder-limits';
import { deleteReminderRow, findReminder, insertReminder, openRemindersOf, saveReminder } from './reminder-queries';

// One line: it is the agenda item's title and the calendar event's summary.
const note = singleLineText(REMINDER_LIMITS.note).trim();

export const reminderInputSchema = z.object({ on: localDateSchema, note: note.nullable().optional() }).strict();
export const reminderPatchSchema = z.object({ on: localDateSchema, note: note.nullable() }).partial().strict();

export interface ReminderView {
  id: string;
  contact_id: string;
  kind: 'reminder' | 'follow_up';
  note: string | null;
  /** The date it was set for. */
  remind_on: string;
  /** The date it shows on: remind_on, or the date it was snoozed to. */
  due_on: string;
  status: 'pending' | 'snoozed' | 'done' | 'dismissed';
  created_at: string;
}

type Row = typeof reminders.$inferSelect;
export const toReminderView = (r: Row): ReminderView => ({
  id: r.id,
  contact_id: r.contactId,
  kind: r.kind,
  note: r.note,
  remind_on: r.remindOn,
  due_on: r.dueOn,
  status: r.status,
  created_at: r.createdAt,
});

/** The contact's open reminders, soonest first. */
export async function listReminders(db: Db, userId: string, contactId: string, limit = 50): Promise<ReminderView[]> {
  await assertContactExists(db, userId, contactId);
  const rows = await openRemindersOf(db, userId, contactId, Math.min(limit, 200));
  return rows.map(toReminderView);
}

/** "Remind me on <date>" (kind reminder), or "follow up in …" after logging (kind follow_up). */
export async function addReminder(
  db: Db,
  userId: string,
  contactId: string,
  input: { on: string; note?: string | null },
  kind: Row['kind'] = 'reminder',
): Promise<ReminderView> {
  await assertContactExists(db, userId, contactId);
  const row: Row = {
    id: newId(),
    userId,
    contactId,
    kind,
    note: input.note?.trim() || null,
    remindOn: input.on,
    dueOn: input.on,
    status: 'pending',
    createdAt: nowIso(),
    resolvedAt: null,
    sourceKey: null,
  };
  await insertReminder(db, row);
  return toReminderView(row);
}

/** Changes an open reminder's date or note; a new date is the date it was set for. */
export async function updateReminder(
  db: Db,
  userId: string,
  id: string,
  input: z.infer<typeof reminderPatchSchema>,
): Promise<ReminderView> {
  const row = await findReminder(db, userId, id);
  if (!row) throw notFound('Reminder');
  if (row.status === 'done' || row.status === 'dismissed') throw new AppError('conflict', 'This reminder is already closed');
  const next: Row = {
    ...row,
    ...(input.note !== undefined ? { note: input.note?.trim() || null } : {}),
    ...(input.on !== undefined ? { remindOn: input.on, dueOn: input.on, status: 'pending' as const } : {}),
  };
  await saveReminder(db, userId, id, next);
  return toReminderView(next);
}

export async function deleteReminder(db: Db, userId: string, id: string): Promise<void> {
  const rows = await deleteReminderRow(db, userId, id);
  if (!rows.length) throw notFound('Reminder');
}
