import { z } from 'zod';
import { command, type OnRecord } from '../command';
import { snoozeAgendaItem } from './agenda-actions';
import { snoozeDaysSchema } from './calendar-date-input';

/** How long a follow-up suggestion is hidden when its form names no number of days: a week. */
export const FOLLOWUP_SNOOZE_DAYS = 7;

/**
 * The follow-up suggestion `id` snoozed for a number of days, a week unless told otherwise: the
 * suggestion forms' own intents on Home and the contact page. The API names its snooze in full
 * (POST /followups/{id}/snooze: a day, a week, a month, a date or a number of days) and has no default.
 */
export const snoozeFollowupCommand = command(
  z.object({ days: snoozeDaysSchema.default(FOLLOWUP_SNOOZE_DAYS) }).strict(),
  ({ deps, user, id }: OnRecord, input) => snoozeAgendaItem(deps.db, user, 'followup', id, input),
);
