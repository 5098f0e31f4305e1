import { createContactCommand } from '../../worker/domain/contacts/contact-commands';
import type { ContactCreate } from '../../worker/domain/contacts/contact-input';

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

/** Reads the create-contact form into the API's create body, with per-field messages. */
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
  const result = createContactCommand.input.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
  if (result.success) return { data: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { errors };
}
