import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { addReminderCommand } from '../../worker/domain/keep-in-touch/reminder-commands';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { acceptProposalCommand } from '../../worker/domain/life-events/life-event-commands';
import { getLifeEventAnywhere } from '../../worker/domain/life-events/life-events';
import { dismissProposal } from '../../worker/domain/life-events/proposals';
import { recordTarget } from '../../worker/domain/record-id';
import { acceptedInput, commandForm } from '../http/command-form.server';

/** The What's new forms' intents, on Home. */
export const LIFE_EVENT_FORM_INTENTS: readonly string[] = ['accept-event', 'dismiss-event', 'remind-event'];

const eventId = (form: FormData) => acceptedInput(commandForm({ input: recordTarget }, { id: String(form.get('id') ?? '') })).id;

/** Accept or dismiss a proposal, or "Remind me" tomorrow to get in touch about an event (the API's commands). */
export async function handleLifeEventAction(deps: Deps, user: PublicUser, intent: string, form: FormData): Promise<void> {
  const id = eventId(form);
  if (intent === 'accept-event') {
    await acceptProposalCommand.run({ deps, user, id }, acceptedInput(commandForm(acceptProposalCommand, {})));
  } else if (intent === 'dismiss-event') {
    await dismissProposal(deps.store, id);
  } else if (intent === 'remind-event') {
    const event = await getLifeEventAnywhere(deps.store, id);
    const on = addDays(localDate(new Date(), user.time_zone), 1);
    await addReminderCommand.run(
      { deps, user, id: event.contact_id },
      acceptedInput(commandForm(addReminderCommand, { on, note: `Get in touch: ${event.summary}` })),
    );
  } else throw new AppError('invalid_request', `Unknown action ${intent}`);
}
