import { json } from '@remix-run/cloudflare';
import { z } from 'zod';
import { updateContactCommand } from '../../worker/domain/contacts/contact-commands';
import { deleteContact } from '../../worker/domain/contacts/delete-contacts';
import { addContactDateCommand, editContactDateCommand } from '../../worker/domain/dates/date-commands';
import { deleteContactDate } from '../../worker/domain/dates/important-dates';
import type { Deps } from '../../worker/domain/deps';
import type { PublicUser } from '../../worker/domain/auth/users';
import { dismissDuplicate } from '../../worker/domain/duplicates/find-duplicates';
import { AppError } from '../../worker/domain/errors';
import { idempotencyKeySchema } from '../../worker/domain/idempotency/idempotency-key';
import { mergeContactCommand } from '../../worker/domain/merge/merge-command';
import { recordIdSchema, recordTarget } from '../../worker/domain/record-id';
import { addReminderCommand } from '../../worker/domain/keep-in-touch/reminder-commands';
import { deleteReminder } from '../../worker/domain/keep-in-touch/reminders';
import { requestContactSync } from '../../worker/domain/sync/request-contact-sync';
import { AGENDA_FORM_INTENTS, handleAgendaAction } from '../keep-in-touch/agenda-action.server';
import { logFields } from '../keep-in-touch/log-form-fields';
import { deleteNote } from '../../worker/domain/timeline/notes-and-meetings';
import { addNoteCommand, editNoteCommand, logConversationCommand } from '../../worker/domain/timeline/timeline-commands';
import { acceptedInput, commandBody, commandForm } from '../http/command-form.server';
import { redirect } from '../http/redirect.server';
import { addRelationshipCommand, editRelationshipCommand } from '../../worker/domain/relationships/relationship-commands';
import { deleteRelationship } from '../../worker/domain/relationships/relationships';
import { acceptProposalCommand, addLifeEventCommand, editLifeEventCommand } from '../../worker/domain/life-events/life-event-commands';
import { dismissProposal } from '../../worker/domain/life-events/proposals';
import { deleteLifeEvent } from '../../worker/domain/life-events/life-events';
import { unmergeFromForm } from './unmerge-action.server';

export interface ActionResult {
  ok: boolean;
  intent: string;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

const jsonField = (form: FormData, name: string): unknown => {
  try {
    return JSON.parse(String(form.get(name) ?? 'null'));
  } catch {
    throw new AppError('invalid_request', `${name} is not valid JSON`);
  }
};

/** A date form's fields (kind, label, month, day, optional year) as the date commands read them: a form sends text, the commands numbers. */
const dateFields = (form: FormData) => {
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const number = (name: string) => (value(name) === '' ? null : Number(value(name)));
  return { kind: value('kind'), label: value('label') || null, month: number('month'), day: number('day'), year: number('year') };
};

type IntentHandler = (deps: Deps, user: PublicUser, contactId: string, form: FormData) => Promise<Response | void>;
const text = (form: FormData, name: string) => String(form.get(name) ?? '');
/** A command's input from a form's fields, read by the command's schema; a refusal is the action's 400. */
const formInput = <I extends z.ZodType>(command: { input: I }, fields: Record<string, unknown>) =>
  acceptedInput(commandForm(command, fields));
/** The record a form names (a note, a reminder, a date) by its `id`, read as the API reads its `{id}`. */
const recordId = (form: FormData) => formInput({ input: recordTarget }, { id: text(form, 'id') }).id;
/** The other contact of a pair, as the API reads its `{other_id}` (POST /contacts/{id}/duplicates/{other_id}/dismiss). */
const otherContactTarget = z.object({ other_id: recordIdSchema });

/** The People card's new link as POST /contacts/{id}/relationships reads it: a contact, or a person by name; empty fields left out. */
const relationshipFields = (form: FormData) => {
  const given = (name: string) => text(form, name).trim() || undefined;
  const personName = given('person_name');
  return {
    kind: given('kind'),
    label: given('label'),
    note: given('note'),
    since: given('since'),
    other_contact_id: personName ? undefined : given('other_contact_id'),
    person: personName ? { name: personName } : undefined,
  };
};

/** The Life section's form as POST/PATCH /contacts/{id}/events read it: an empty date is none, the box ticked is yearly. */
const lifeEventFields = (form: FormData) => ({
  kind: text(form, 'kind') || undefined,
  summary: text(form, 'summary'),
  happened_on: text(form, 'happened_on').trim() || null,
  recurs: form.get('recurs') === 'on',
  evidence: text(form, 'evidence').trim() || null,
});

/**
 * The form's `idempotency_key` (a write the page may send again: queued offline, ADR 045), read
 * as the API reads its Idempotency-Key header; none when the form has none.
 */
const idempotencyKey = (form: FormData) =>
  form.has('idempotency_key')
    ? formInput({ input: z.object({ key: idempotencyKeySchema }) }, { key: text(form, 'idempotency_key') }).key
    : undefined;
/** The contact's `updated_at` an edit was made on (the API's If-Match); none when the form has none. */
const baseVersion = (form: FormData) => (form.has('base_version') ? text(form, 'base_version') : undefined);

/** The contact page's form intents; each calls the same domain function as the API. */
const CONTACT_INTENTS: Record<string, IntentHandler> = {
  update: async (deps, user, contactId, form) =>
    void (await updateContactCommand.run(
      { deps, user, id: contactId, idempotencyKey: idempotencyKey(form), ifVersion: baseVersion(form) },
      acceptedInput(commandBody(updateContactCommand, jsonField(form, 'patch'))),
    )),
  merge: async (deps, user, contactId, form) =>
    void (await mergeContactCommand.run(
      { deps, user, id: contactId },
      formInput(mergeContactCommand, { other_id: text(form, 'other_id') }),
    )),
  unmerge: async (deps, user, _contactId, form) => unmergeFromForm(deps, user, form),
  'add-relationship': async (deps, user, contactId, form) =>
    void (await addRelationshipCommand.run({ deps, user, id: contactId }, formInput(addRelationshipCommand, relationshipFields(form)))),
  // The People card's edit: the kind (and a custom one's label) and the note; an emptied note is none.
  'edit-relationship': async (deps, user, contactId, form) =>
    void (await editRelationshipCommand.run(
      { deps, user, id: contactId, relationship_id: recordId(form) },
      formInput(editRelationshipCommand, {
        kind: text(form, 'kind') || undefined,
        label: text(form, 'label').trim() || undefined,
        note: text(form, 'note').trim() || null,
      }),
    )),
  'delete-relationship': async (deps, _user, contactId, form) => deleteRelationship(deps.store, contactId, recordId(form)),
  delete: async (deps, user, contactId) => {
    await deleteContact(deps, user.id, contactId);
    return redirect('/contacts');
  },
  'add-note': async (deps, user, contactId, form) =>
    void (await addNoteCommand.run(
      { deps, user, id: contactId, idempotencyKey: idempotencyKey(form) },
      formInput(addNoteCommand, {
        body: text(form, 'body'),
        conversation: form.get('conversation') === 'on' || undefined,
        private: form.get('private') === 'on' || undefined,
      }),
    )),
  'edit-note': async (deps, user, _contactId, form) =>
    void (await editNoteCommand.run(
      { deps, user, id: recordId(form) },
      // The editor always shows the Private box, so an unticked one makes the note shared again.
      formInput(editNoteCommand, { body: text(form, 'body'), private: form.get('private') === 'on' }),
    )),
  'delete-note': async (deps, user, _contactId, form) => deleteNote(deps, user.id, recordId(form)),
  log: async (deps, user, contactId, form) =>
    void (await logConversationCommand.run(
      { deps, user, id: contactId, idempotencyKey: idempotencyKey(form) },
      formInput(logConversationCommand, logFields(form)),
    )),
  'add-reminder': async (deps, user, contactId, form) =>
    void (await addReminderCommand.run(
      { deps, user, id: contactId, idempotencyKey: idempotencyKey(form) },
      formInput(addReminderCommand, { on: text(form, 'on'), note: text(form, 'note') }),
    )),
  'delete-reminder': async (deps, user, _contactId, form) => deleteReminder(deps.db, user.id, recordId(form)),
  'dismiss-duplicate': async (deps, user, contactId, form) =>
    dismissDuplicate(deps.db, user.id, contactId, formInput({ input: otherContactTarget }, { other_id: text(form, 'other_id') }).other_id),
  'add-date': async (deps, user, contactId, form) =>
    void (await addContactDateCommand.run({ deps, user, id: contactId }, formInput(addContactDateCommand, dateFields(form)))),
  'edit-date': async (deps, user, contactId, form) =>
    void (await editContactDateCommand.run(
      { deps, user, id: contactId, date_id: recordId(form) },
      formInput(editContactDateCommand, dateFields(form)),
    )),
  'delete-date': async (deps, user, contactId, form) => deleteContactDate(deps.db, user.id, contactId, recordId(form)),
  'add-event': async (deps, user, contactId, form) =>
    void (await addLifeEventCommand.run({ deps, user, id: contactId }, formInput(addLifeEventCommand, lifeEventFields(form)))),
  'edit-event': async (deps, user, contactId, form) =>
    void (await editLifeEventCommand.run(
      { deps, user, id: contactId, event_id: recordId(form) },
      formInput(editLifeEventCommand, lifeEventFields(form)),
    )),
  'accept-event': async (deps, user, contactId, form) =>
    void (await acceptProposalCommand.run({ deps, user, id: recordId(form), contactId }, formInput(acceptProposalCommand, {}))),
  'dismiss-event': async (deps, _user, contactId, form) => void (await dismissProposal(deps.store, recordId(form), contactId)),
  'delete-event': async (deps, _user, contactId, form) => deleteLifeEvent(deps.store, contactId, recordId(form)),
  sync: async (deps, user, contactId) => void (await requestContactSync(deps, user.id, contactId)),
};

/** Every intent the contact page's action takes: its own and the agenda's (done, dismiss, snooze). */
export const CONTACT_PAGE_INTENTS = [...Object.keys(CONTACT_INTENTS), ...AGENDA_FORM_INTENTS];

export async function handleContactPageAction(deps: Deps, user: PublicUser, contactId: string, intent: string, form: FormData) {
  try {
    const answer = Object.hasOwn(CONTACT_INTENTS, intent)
      ? await CONTACT_INTENTS[intent]!(deps, user, contactId, form)
      : await handleAgendaAction(deps, user, intent, form);
    return answer ?? json<ActionResult>({ ok: true, intent });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json<ActionResult>(
      { ok: false, intent, error: { code: error.code, message: error.message, details: error.details } },
      { status: error.status },
    );
  }
}
