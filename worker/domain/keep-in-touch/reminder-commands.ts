import { command, type OnRecord } from '../command';
import { keyed } from '../idempotency/keyed-command';
import { addReminder, reminderInputSchema, reminderPatchSchema, updateReminder } from './reminders';

/** "Remind me on <date>" for the contact `id`: POST /contacts/{id}/reminders and the contact page. */
export const addReminderCommand = keyed(
  'add-reminder',
  command(reminderInputSchema, ({ deps, user, id }: OnRecord, input) => addReminder(deps.db, user.id, id, input)),
);

/** A reminder `id` moved or renamed: PATCH /reminders/{id}. */
export const updateReminderCommand = command(reminderPatchSchema, ({ deps, user, id }: OnRecord, input) =>
  updateReminder(deps.db, user.id, id, input),
);
