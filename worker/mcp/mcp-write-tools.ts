import { z } from 'zod';
import type { Command, OnRecord, SignedIn } from '../domain/command';
import { createContactCommand, updateContactCommand } from '../domain/contacts/contact-commands';
import { contactUpdateSchema } from '../domain/contacts/contact-input';
import { reminderInputSchema } from '../domain/keep-in-touch/reminders';
import { addReminderCommand } from '../domain/keep-in-touch/reminder-commands';
import { recordIdSchema } from '../domain/record-id';
import { logInputSchema } from '../domain/timeline/log-conversation';
import { noteInputSchema } from '../domain/timeline/notes-and-meetings';
import { addNoteCommand, logConversationCommand } from '../domain/timeline/timeline-commands';
import type { McpContext } from './mcp-context';
import { contactCard, timelineLine } from './mcp-results';
import { defineTool } from './mcp-tool';

// The writes run the very commands the REST routes and the pages run, after the command's own
// input rules (its refinements too: "a note needs text"), so a rule cannot differ between them.

const contactId = recordIdSchema.describe("The contact's id, as search_contacts or list_due give it");

function onContact<Input extends z.ZodType, Result>(command: Command<Input, OnRecord, Result>) {
  return ({ deps, user }: McpContext, { contact_id, ...rest }: { contact_id: string }) =>
    command.run({ deps, user, id: contact_id }, command.input.parse(rest) as z.output<Input>);
}

export const addNoteTool = defineTool({
  name: 'add_note',
  title: 'Add a note',
  description:
    "Adds a note to a contact's timeline, e.g. what you learned about them. A note does not count as being in touch unless `conversation` is true (then it moves their last-contacted date and cadence). Answers the timeline entry {id, kind, occurred_at, body}.",
  needs: 'contacts:write',
  input: { contact_id: contactId, ...noteInputSchema.shape },
  run: async (context, input) => timelineLine(await onContact(addNoteCommand)(context, input)),
});

export const logInteractionTool = defineTool({
  name: 'log_interaction',
  title: 'Log an interaction',
  description:
    'Records that the user was in touch with a contact: a call, meeting, coffee, message (with direction in or out) or note, now unless `occurred_at` says when (ISO 8601 with offset). It resets their keep-in-touch cadence; `follow_up` also sets a "follow up" reminder ({"in": "3_days" | "1_week" | "1_month"} or {"on": "YYYY-MM-DD"}). Answers {interaction, follow_up}.',
  needs: 'contacts:write',
  input: { contact_id: contactId, ...logInputSchema.shape },
  run: async (context, input) => {
    const logged = await onContact(logConversationCommand)(context, input);
    const followUp = logged.follow_up && { id: logged.follow_up.id, remind_on: logged.follow_up.remind_on, note: logged.follow_up.note };
    return { interaction: timelineLine(logged.interaction), follow_up: followUp };
  },
});

export const createContactTool = defineTool({
  name: 'create_contact',
  title: 'Create a contact',
  description:
    'Creates a contact. Give at least a first or last name, an email, a phone or a handle; tags, company, title, location, notes and how_we_met are optional. Answers the new contact; duplicate_identifier when an email or phone already belongs to another contact (its id is in details when this token may see it: update that one instead).',
  needs: 'contacts:write',
  input: contactUpdateSchema.shape,
  run: async ({ deps, user }: SignedIn, input) =>
    contactCard(await createContactCommand.run({ deps, user }, createContactCommand.input.parse(input))),
});

export const updateContactTool = defineTool({
  name: 'update_contact',
  title: 'Update a contact',
  description:
    'Changes the fields given and nothing else. Lists (emails, phones, tags) are replaced as a whole: read the contact first and send the full list. Null clears a field. Answers the contact as saved.',
  needs: 'contacts:write',
  input: { contact_id: contactId, ...contactUpdateSchema.shape },
  run: async (context, input) => contactCard(await onContact(updateContactCommand)(context, input)),
});

export const setReminderTool = defineTool({
  name: 'set_reminder',
  title: 'Set a reminder',
  description:
    'Reminds the user about a contact on a date (YYYY-MM-DD, the user\'s time zone), with a one-line note such as "call about the flat". It shows in list_due and the user\'s agenda. Answers {id, contact_id, remind_on, note, status}.',
  needs: 'contacts:write',
  input: { contact_id: contactId, ...reminderInputSchema.shape },
  run: async (context, input) => {
    const reminder = await onContact(addReminderCommand)(context, input);
    return {
      id: reminder.id,
      contact_id: reminder.contact_id,
      remind_on: reminder.remind_on,
      note: reminder.note,
      status: reminder.status,
    };
  },
});
