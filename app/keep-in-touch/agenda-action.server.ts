import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { agendaTypeSchema, closeAgendaItem, snoozeAgendaItem } from '../../worker/domain/keep-in-touch/agenda-actions';
import { snoozeInputSchema, type SnoozeInput } from '../../worker/domain/keep-in-touch/calendar-dates';

export const AGENDA_INTENTS = ['agenda-done', 'agenda-dismiss', 'agenda-snooze'] as const;
export const isAgendaIntent = (intent: string): intent is (typeof AGENDA_INTENTS)[number] => (AGENDA_INTENTS as readonly string[]).includes(intent);

/** A form's snooze: `for` (day, week, month) or `until` (a date from the picker). */
function snoozeOf(form: FormData): SnoozeInput {
  const until = String(form.get('until') ?? '').trim();
  const parsed = snoozeInputSchema.safeParse(until ? { until } : { for: String(form.get('for') ?? 'week') });
  if (!parsed.success) throw new AppError('invalid_request', until ? 'Pick a date to snooze to' : 'Snooze for a day, a week or a month');
  return parsed.data;
}

/** Done / dismiss / snooze on an agenda item, from Home or the contact page (the same domain calls as the API). */
export async function handleAgendaAction(deps: Deps, user: PublicUser, intent: (typeof AGENDA_INTENTS)[number], form: FormData): Promise<void> {
  const type = agendaTypeSchema.safeParse(String(form.get('type') ?? ''));
  const ref = String(form.get('ref') ?? '');
  if (!type.success || !ref || ref.length > 64) throw new AppError('invalid_request', 'Unknown item');
  if (intent === 'agenda-snooze') await snoozeAgendaItem(deps.db, user, type.data, ref, snoozeOf(form));
  else await closeAgendaItem(deps.db, user, type.data, ref, intent === 'agenda-done' ? 'done' : 'dismissed');
}
