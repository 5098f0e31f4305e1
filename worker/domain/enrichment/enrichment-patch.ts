import type { z } from 'zod';
import type { ApolloPerson } from '../../providers/apollo/apollo-client';
import { contactFields, emailSchema, phoneSchema, type ContactUpdate } from '../contacts/contact-input';
import type { ContactView } from '../contacts/contact-view';
import { normalizeEmail, normalizePhone } from '../contacts/normalize';

export interface SkippedValue {
  field: string;
  value: string;
  reason: 'duplicate_identifier' | 'invalid' | 'limit_reached';
  existing_contact?: { id: string; full_name: string };
}

const MAX_EMAILS = 20;
const MAX_PHONES = 20;

/** Apollo writes this placeholder where an email is not unlocked for the account. */
const isPlaceholderEmail = (email: string) => /^email_not_unlocked@/i.test(email.trim());

/** "https://twitter.com/ada_l" or "http://www.x.com/ada_l" -> "ada_l". */
export function twitterHandleOf(url: string): string | null {
  const match = url.match(/(?:twitter|x)\.com\/(?:#!\/)?@?([A-Za-z0-9_]{1,15})(?:[/?#]|$)/i);
  return match ? match[1]! : null;
}

export function locationOf(person: ApolloPerson): string | null {
  const parts = [person.city, person.state, person.country].filter((p): p is string => Boolean(p));
  const unique = parts.filter((p, i) => parts.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i);
  return unique.length ? unique.join(', ') : null;
}

/**
 * SPEC §1 Enrichment: only empty fields are filled, existing data is never overwritten.
 * Emails and phones are added to the contact's sets. Each value passes the same schema a
 * manual edit would; a value that does not is reported as skipped, not saved.
 */
export function enrichmentPatch(contact: ContactView, person: ApolloPerson): { patch: ContactUpdate; skipped: SkippedValue[] } {
  const patch: ContactUpdate = {};
  const skipped: SkippedValue[] = [];
  const fill = <K extends keyof typeof contactFields>(field: K, current: unknown, value: string | null | undefined) => {
    if (current || !value) return;
    const parsed = (contactFields[field] as z.ZodType).safeParse(value);
    if (parsed.success) (patch as Record<string, unknown>)[field] = parsed.data;
    else skipped.push({ field, value, reason: 'invalid' });
  };

  fill('first_name', contact.first_name, person.first_name);
  fill('last_name', contact.last_name, person.last_name);
  fill('title', contact.title, person.title);
  fill('company', contact.company, person.organization?.name);
  fill('location', contact.location, locationOf(person));
  fill('linkedin_url', contact.linkedin_url, person.linkedin_url);
  if (!contact.twitter_handle && person.twitter_url) {
    const handle = twitterHandleOf(person.twitter_url);
    if (handle) fill('twitter_handle', null, handle);
    else skipped.push({ field: 'twitter_handle', value: person.twitter_url, reason: 'invalid' });
  }
  fill('avatar_url', contact.avatar_url, person.photo_url);

  const emails = [person.email, ...(person.personal_emails ?? [])].filter(
    (e): e is string => Boolean(e?.trim()) && !isPlaceholderEmail(e!),
  );
  const newEmails = addToSet('emails', contact.emails, emails, normalizeEmail, emailSchema, MAX_EMAILS, skipped);
  if (newEmails.length) patch.emails = [...contact.emails, ...newEmails];

  const phones = (person.phone_numbers ?? []).map((p) => p.sanitized_number ?? p.raw_number).filter((p): p is string => Boolean(p));
  const newPhones = addToSet('phones', contact.phones, phones, normalizePhone, phoneSchema, MAX_PHONES, skipped);
  if (newPhones.length) patch.phones = [...contact.phones, ...newPhones];

  return { patch, skipped };
}

function addToSet(
  field: string,
  current: string[],
  found: string[],
  normalize: (v: string) => string,
  schema: z.ZodType<string>,
  max: number,
  skipped: SkippedValue[],
): string[] {
  const seen = new Set(current.map(normalize));
  const added: string[] = [];
  for (const value of found) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      skipped.push({ field, value, reason: 'invalid' });
      continue;
    }
    const norm = normalize(parsed.data);
    if (seen.has(norm)) continue;
    seen.add(norm);
    if (current.length + added.length >= max) {
      skipped.push({ field, value: parsed.data, reason: 'limit_reached' });
      continue;
    }
    added.push(parsed.data);
  }
  return added;
}
