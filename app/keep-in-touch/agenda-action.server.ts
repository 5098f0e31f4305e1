import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { agendaItemTarget, closeAgendaItem, snoozeAgendaItem } from '../../worker/domain/keep-in-touch/agenda-actions';
import { SNOOZE_DAYS_MESSAGE, type SnoozeInput } from '../../worker/domain/keep-in-touch/calendar-dates';
import { snoozeInputSchema } from '../../worker/domain/keep-in-touch/calendar-date-input';
import { snoozeFollowupCommand } from '../../worker/domain/keep-in-touch/followup-snooze-command';

export const AGENDA_INTENTS = ['agenda-done', 'agenda-dismiss', 'agenda-snooze'] as const;
type AgendaIntent = (typeof AGENDA_INTENTS)[number];
/** The follow-up suggestion forms' own intents (an `id` and a number of `days`), still accepted. */
const FOLLOWUP_INTENTS: Record<string, AgendaIntent> = {
  'dismiss-followup': 'agenda-dismiss',
  'snooze-followup': 'agenda-snooze',
  dismiss: 'agenda-dismiss',
  snooze: 'agenda-snooze',
};
/** Every intent an agenda form posts, on Home and on the contact page. */
export const AGENDA_FORM_INTENTS: readonly string[] = [...AGENDA_INTENTS, ...Object.keys(FOLLOWUP_INTENTS)];

const fieldText = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const badDays = () =>
  new AppError('invalid_request', `days ${SNOOZE_DAYS_MESSAGE}`, { issues: [{ path: 'days', message: SNOOZE_DAYS_MESSAGE }] });

/** A form's snooze: `until` (a date from the picker), `days` (1 to 365) or `for` (day, week, month). */
function snoozeOf(form: FormData): SnoozeInput {
  const until = fieldText(form, 'until');
  const days = fieldText(form, 'days');
  if (!until && days) {
    const parsed = snoozeInputSchema.safeParse({ days: Number(days) });
    if (!parsed.success) throw badDays();
    return parsed.data;
  }
  const parsed = snoozeInputSchema.safeParse(until ? { until } : { for: String(form.get('for') ?? 'week') });
  if (!parsed.success) throw new AppError('invalid_request', until ? 'Pick a date to snooze to' : 'Snooze for a day, a week or a month');
  return parsed.data;
}

/** Done / dismiss / snooze on an agenda item, from Home or the contact page (the same domain calls as the API). */
export async function handleAgendaAction(deps: Deps, user: PublicUser, intent: string, form: FormData): Promise<void> {
  if (!AGENDA_FORM_INTENTS.includes(intent)) throw new AppError('invalid_request', `Unknown action ${intent}`);
  const followupIntent = Object.hasOwn(FOLLOWUP_INTENTS, intent) ? FOLLOWUP_INTENTS[intent] : undefined;
  // The item is named as in the API's path: a type and an id (the agenda forms call it `ref`).
  const item = agendaItemTarget.safeParse(
    followupIntent ? { type: 'followup', id: form.get('id') ?? '' } : { type: form.get('type') ?? '', id: form.get('ref') ?? '' },
  );
  if (!item.success) throw new AppError('invalid_request', 'Unknown item');
  const action = followupIntent ?? (intent as AgendaIntent);
  const { type, id } = item.data;
  if (action === 'agenda-snooze' && followupIntent && !fieldText(form, 'until')) {
    // A form sends text; the command reads a number, and picks the number of days when there is none.
    const days = fieldText(form, 'days');
    const parsed = snoozeFollowupCommand.input.safeParse(days ? { days: Number(days) } : {});
    if (!parsed.success) throw badDays();
    await snoozeFollowupCommand.run({ deps, user, id }, parsed.data);
  } else if (action === 'agenda-snooze') await snoozeAgendaItem(deps.db, user, type, id, snoozeOf(form));
  else await closeAgendaItem(deps.db, user, type, id, action === 'agenda-done' ? 'done' : 'dismissed');
}
