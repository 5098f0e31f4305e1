import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { agendaItemTarget } from '../../worker/domain/keep-in-touch/agenda-actions';
import { dismissAgendaItemCommand, markAgendaItemDoneCommand } from '../../worker/domain/keep-in-touch/agenda-close-commands';
import { snoozeAgendaItemCommand } from '../../worker/domain/keep-in-touch/agenda-snooze-command';
import { snoozeFollowupCommand } from '../../worker/domain/keep-in-touch/followup-snooze-command';
import { acceptedInput, commandForm } from '../http/command-form.server';

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

/** What a refused snooze's field is called on the page ("Snooze until is not a day of the calendar"). */
const SNOOZE_NAMES = { until: 'Snooze until', for: 'Snooze for', days: 'Snooze days' };

/**
 * A form's snooze in the API's words: `until` (a date from the picker), else `days` (text on a
 * form, a number for the API), else `for` (day, week, month). The API names every snooze in
 * full; a form that names none snoozes for a week, the page's own choice.
 */
function snoozeFields(form: FormData): Record<string, unknown> {
  const until = fieldText(form, 'until');
  if (until) return { until };
  const days = fieldText(form, 'days');
  if (days) return { days: Number(days) };
  return { for: String(form.get('for') ?? 'week') };
}

/** Done / dismiss / snooze on an agenda item, from Home or the contact page (the API's commands). */
export async function handleAgendaAction(deps: Deps, user: PublicUser, intent: string, form: FormData): Promise<void> {
  if (!AGENDA_FORM_INTENTS.includes(intent)) throw new AppError('invalid_request', `Unknown action ${intent}`);
  const followupIntent = Object.hasOwn(FOLLOWUP_INTENTS, intent) ? FOLLOWUP_INTENTS[intent] : undefined;
  // The item is named as in the API's path, by its rules: a type and an id (the agenda forms call it `ref`).
  const { type, id } = acceptedInput(
    commandForm(
      { input: agendaItemTarget },
      followupIntent ? { type: 'followup', id: form.get('id') ?? '' } : { type: form.get('type') ?? '', id: form.get('ref') ?? '' },
    ),
  );
  const action = followupIntent ?? (intent as AgendaIntent);
  if (action === 'agenda-snooze' && followupIntent && !fieldText(form, 'until')) {
    // A suggestion form's snooze: a number of days, and the command's week when it names none.
    const days = fieldText(form, 'days');
    await snoozeFollowupCommand.run(
      { deps, user, id },
      acceptedInput(commandForm(snoozeFollowupCommand, days ? { days: Number(days) } : {}, SNOOZE_NAMES)),
    );
  } else if (action === 'agenda-snooze') {
    await snoozeAgendaItemCommand.run(
      { deps, user, type, id },
      acceptedInput(commandForm(snoozeAgendaItemCommand, snoozeFields(form), SNOOZE_NAMES)),
    );
  } else {
    const close = action === 'agenda-done' ? markAgendaItemDoneCommand : dismissAgendaItemCommand;
    await close.run({ deps, user, type, id }, {});
  }
}
