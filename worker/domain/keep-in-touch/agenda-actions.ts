import { z } from 'zod';
import type { Db } from '../../db/client';
import type { PublicUser } from '../auth/users';
import type { SignedIn } from '../command';
import { AppError, notFound } from '../errors';
import { addDays, localDate, MAX_SNOOZE_DAYS, snoozeTarget, startOfLocalDate, type SnoozeInput } from './calendar-dates';
import type { AgendaType } from './agenda';
import { recordIdSchema } from '../record-id';
import {
  agendaRecordId,
  closeOpenRecord,
  contactIdOf,
  restartCadence,
  snoozeCadence,
  snoozeFollowup,
  snoozeReminder,
} from './agenda-action-queries';

export const AGENDA_TYPES = ['reminder', 'cadence', 'followup'] as const satisfies readonly AgendaType[];
export const agendaTypeSchema = z.enum(AGENDA_TYPES);
/** Which agenda item a done, dismiss or snooze is about: the API's path, the agenda forms' fields. */
export const agendaItemTarget = z.object({ type: agendaTypeSchema, id: recordIdSchema });
/** Who acts on which agenda item: the signed-in user and the item's type and id. */
export type OnAgendaItem = SignedIn & z.output<typeof agendaItemTarget>;

type User = Pick<PublicUser, 'id' | 'time_zone'>;

function closedOrMissing(exists: boolean, what: string): never {
  if (!exists) throw notFound(what);
  throw new AppError('conflict', `This ${what.toLowerCase()} is already closed`);
}

async function noCadence(db: Db, user: User, contactId: string): Promise<never> {
  const exists = await contactIdOf(db, user.id, contactId);
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
    const rows = await restartCadence(db, user.id, ref, localDate(now, user.time_zone));
    if (!rows.length) await noCadence(db, user, ref);
    return;
  }
  const rows = await closeOpenRecord(db, user.id, type, ref, outcome);
  if (rows.length) return;
  const exists = await agendaRecordId(db, user.id, type, ref);
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
    const rows = await snoozeCadence(db, user.id, ref, until);
    if (!rows.length) await noCadence(db, user, ref);
    return { until };
  }
  const rows =
    type === 'reminder'
      ? await snoozeReminder(db, user.id, ref, until)
      : await snoozeFollowup(db, user.id, ref, startOfLocalDate(until, user.time_zone).toISOString());
  if (rows.length) return { until };
  const exists = await agendaRecordId(db, user.id, type, ref);
  closedOrMissing(Boolean(exists), type === 'reminder' ? 'Reminder' : 'Follow-up');
}
