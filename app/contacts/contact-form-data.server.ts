import { createContactCommand } from '../../worker/domain/contacts/contact-commands';
import type { ContactCreate } from '../../worker/domain/contacts/contact-input';
import { commandForm } from '../http/command-form.server';

const list = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
// A blank field is left out; anything else goes to the domain as typed, which cleans it exactly
// as for the API (one-line fields trimmed, notes kept as written).
const text = (value: FormDataEntryValue | null) => {
  const s = String(value ?? '');
  return s.trim() ? s : undefined;
};

export type FormErrors = Partial<Record<string, string>>;

/**
 * Reads the create-contact form into the API's create body (POST /contacts's command), with each
 * refused field's problem in the page's words ("Email 2 must be a valid email address").
 */
export function parseContactForm(form: FormData): { data: ContactCreate; errors?: undefined } | { data?: undefined; errors: FormErrors } {
  const raw = {
    first_name: text(form.get('first_name')),
    last_name: text(form.get('last_name')),
    emails: list(form.get('emails')),
    phones: list(form.get('phones')),
    company: text(form.get('company')),
    title: text(form.get('title')),
    tags: list(form.get('tags')),
    priority: text(form.get('priority')),
    location: text(form.get('location')),
    notes: text(form.get('notes')),
    telegram_username: text(form.get('telegram_username')),
    twitter_handle: text(form.get('twitter_handle')),
    linkedin_url: text(form.get('linkedin_url')),
  };
  const parsed = commandForm(createContactCommand, Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
  if (parsed.ok) return { data: parsed.input };
  // A problem of no one field (none today) is shown above the form.
  const { '': ofTheForm, ...byField } = parsed.errors;
  return { errors: ofTheForm ? { ...byField, form: ofTheForm } : byField };
}
