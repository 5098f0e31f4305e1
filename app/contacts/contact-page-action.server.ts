import { json } from '@remix-run/cloudflare';
import type { z } from 'zod';
import { contactUpdateSchema } from '../../worker/domain/contacts/contact-input';
import { deleteContact } from '../../worker/domain/contacts/delete-contacts';
import { updateContact } from '../../worker/domain/contacts/save-contact';
import { addContactDate, dateInputSchema, deleteContactDate, updateContactDate } from '../../worker/domain/dates/important-dates';
import type { Deps } from '../../worker/domain/deps';
import type { PublicUser } from '../../worker/domain/auth/users';
import { dismissDuplicate } from '../../worker/domain/duplicates/find-duplicates';
import { AppError } from '../../worker/domain/errors';
import { mergeContacts } from '../../worker/domain/merge/merge-contacts';
import { addReminder, deleteReminder, reminderInputSchema } from '../../worker/domain/keep-in-touch/reminders';
import { requestContactSync } from '../../worker/domain/sync/request-contact-sync';
import { logConversation, logInputSchema } from '../../worker/domain/timeline/log-conversation';
import { handleAgendaAction, isAgendaIntent } from '../keep-in-touch/agenda-action.server';
import { logFields } from '../keep-in-touch/log-form-fields';
import { addNote, deleteNote, logMeeting, meetingInputSchema, noteInputSchema, notePatchSchema, updateNote } from '../../worker/domain/timeline/notes-and-meetings';
import { plainIssue } from '../http/plain-issue';
import { redirect } from '../http/redirect.server';

export interface ActionResult {
  ok: boolean;
  intent: string;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

function parse<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError('invalid_request', plainIssue(issue), {
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

const jsonField = (form: FormData, name: string): unknown => {
  try {
    return JSON.parse(String(form.get(name) ?? 'null'));
  } catch {
    throw new AppError('invalid_request', `${name} is not valid JSON`);
  }
};

/** A date form's fields (kind, label, month, day, optional year) as the date input schema reads them. */
const dateFields = (form: FormData) => {
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const number = (name: string) => (value(name) === '' ? null : Number(value(name)));
  return { kind: value('kind'), label: value('label') || null, month: number('month'), day: number('day'), year: number('year') };
};

/** The contact page's form intents; each calls the same domain function as the API. */
export async function handleContactPageAction(deps: Deps, user: PublicUser, contactId: string, form: FormData) {
  const userId = user.id;
  const intent = String(form.get('intent') ?? '');
  const { db } = deps;
  const text = (name: string) => String(form.get(name) ?? '');
  try {
    switch (intent) {
      case 'update':
        await updateContact(deps, userId, contactId, parse(contactUpdateSchema, jsonField(form, 'patch')));
        break;
      case 'merge':
        await mergeContacts(deps, userId, contactId, [text('other_id')]);
        break;
      case 'delete':
        await deleteContact(deps, userId, contactId);
        return redirect('/contacts');
      case 'add-note':
        await addNote(deps, userId, contactId, parse(noteInputSchema, { body: text('body'), conversation: form.get('conversation') === 'on' || undefined }));
        break;
      case 'edit-note':
        await updateNote(deps, userId, text('id'), parse(notePatchSchema, { body: text('body') }));
        break;
      case 'delete-note':
        await deleteNote(deps, userId, text('id'));
        break;
      case 'log-meeting': {
        const when = new Date(text('occurred_at'));
        await logMeeting(deps, userId, contactId, parse(meetingInputSchema, {
          title: text('title'),
          occurred_at: Number.isNaN(when.getTime()) ? text('occurred_at') : when.toISOString(),
          notes: text('notes').trim() ? text('notes') : null,
        }));
        break;
      }
      case 'log':
        await logConversation(deps, user, contactId, parse(logInputSchema, logFields(form)));
        break;
      case 'add-reminder':
        await addReminder(db, userId, contactId, parse(reminderInputSchema, { on: text('on'), note: text('note').trim() || null }));
        break;
      case 'delete-reminder':
        await deleteReminder(db, userId, text('id'));
        break;
      case 'dismiss-duplicate':
        await dismissDuplicate(db, userId, contactId, text('other_id'));
        break;
      case 'add-date':
        await addContactDate(db, userId, contactId, parse(dateInputSchema, dateFields(form)));
        break;
      case 'edit-date':
        await updateContactDate(db, userId, contactId, text('id'), parse(dateInputSchema, dateFields(form)));
        break;
      case 'delete-date':
        await deleteContactDate(db, userId, contactId, text('id'));
        break;
      case 'sync':
        await requestContactSync(deps, userId, contactId);
        break;
      default:
        if (!isAgendaIntent(intent)) throw new AppError('invalid_request', `Unknown action ${intent}`);
        await handleAgendaAction(deps, user, intent, form);
    }
    return json<ActionResult>({ ok: true, intent });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json<ActionResult>({ ok: false, intent, error: { code: error.code, message: error.message, details: error.details } }, { status: error.status });
  }
}
