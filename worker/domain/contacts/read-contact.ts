import { contactCreateSchema, contactFields, emailSchema, PRIORITIES, type ContactCreate } from './contact-input';
import { CONTACT_LIMITS } from './contact-values';
import { readPhone } from './read-phone';
import { whyNotATag } from '../tags/name-as-tag';

/** A person's values as an address book, a sync or the extension hands them over: unchecked. */
export interface RawContact {
  first_name?: string | null;
  last_name?: string | null;
  emails?: string[];
  phones?: string[];
  company?: string | null;
  title?: string | null;
  tags?: string[];
  priority?: string | null;
  notes?: string | null;
  location?: string | null;
  telegram_username?: string | null;
  twitter_handle?: string | null;
  linkedin_url?: string | null;
  avatar_url?: string | null;
  bios?: { twitter?: string | null; telegram?: string | null; linkedin?: string | null };
  source?: ContactCreate['source'];
}

/** A value Kith did not take as given: what it was and what became of it. */
export interface ValueWarning {
  field: string;
  value: string;
  message: string;
}

export type ContactReading =
  /** `noteLine`: the values Kith could not read, for the contact's notes (appended once). */
  | { status: 'record'; input: ContactCreate; noteLine: string | null; warnings: ValueWarning[] }
  /** Neither a name nor a usable identifier; `unreadable` tells whether something was there. */
  | { status: 'no_person'; message: string; unreadable: boolean; warnings: ValueWarning[] };

export const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  emails: 'Email',
  phones: 'Phone',
  company: 'Company',
  title: 'Title',
  tags: 'Tag',
  priority: 'Priority',
  notes: 'Notes',
  location: 'Location',
  telegram_username: 'Telegram',
  twitter_handle: 'Twitter',
  linkedin_url: 'LinkedIn URL',
  avatar_url: 'Avatar URL',
  bios: 'Bio',
};

export const NOTE_LINE_PREFIX = 'Imported values Kith could not read: ';
const { emails: MAX_EMAILS, phones: MAX_PHONES, tags: MAX_TAGS, notes: NOTES_LIMIT } = CONTACT_LIMITS;
const TEXT_FIELDS = ['first_name', 'last_name', 'company', 'title', 'location'] as const;

const squash = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');

// ADR 011 keeps control characters out of stored text; an import cleans them rather than lose
// the person. In a one-line field a line break or tab is a space (a location's lines become
// ", "); in notes and bios tabs and line breaks stay (a lone CR, VT, FF or NEL is one). Any other
// control character (NUL, DEL, C1...) means nothing a user could see: it is dropped.
const LINE_BREAKS = /\s*(?:\r\n|[\n\r\v\f\u0085\u2028\u2029])\s*/g;
const TABS = /[ \t]*\t[ \t]*/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const oneLine = (v: string, breaks = ' ') => v.replace(LINE_BREAKS, breaks).replace(TABS, ' ');
const multiLine = (v: string) => v.replace(/\r(?!\n)|[\v\f\u0085]/g, '\n');
const MULTI_LINE_FIELDS = new Set(['notes', 'bios']);
const clean = (field: string, v: string) =>
  (MULTI_LINE_FIELDS.has(field) ? multiLine(v) : oneLine(v, field === 'location' ? ', ' : ' ')).replace(INVISIBLE_CONTROLS, '');
const hasInvisibleControls = (v: string) => v.replace(LINE_BREAKS, '').replace(/\t/g, '').search(INVISIBLE_CONTROLS) >= 0;

/** "Ada <ada@x.org>", "ada@x.org (Ada)", "mailto:ada@x.org", "ada@x.org." -> the address, if there is exactly one. */
function readEmail(raw: string): string | null {
  const direct = raw
    .replace(/^mailto:/i, '')
    .replace(/^<(.*)>$/, '$1')
    .replace(/\.+$/, '')
    .trim();
  if (emailSchema.safeParse(direct).success) return direct;
  const found = raw.match(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g) ?? [];
  const candidates = [...new Set(found.map((f) => f.replace(/^mailto:/i, '').replace(/\.+$/, '')))];
  return candidates.length === 1 && emailSchema.safeParse(candidates[0]).success ? candidates[0]! : null;
}

/** "https://twitter.com/ada", "t.me/ada", "@ada" -> "ada". */
function readHandle(raw: string): string {
  const url = raw.match(
    /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:twitter\.com|x\.com|t\.me|telegram\.me)\/@?([A-Za-z0-9_.]+)\/?(?:[?#].*)?$/i,
  );
  return url ? url[1]! : raw;
}

/**
 * Turns raw values into a contact input plus warnings, the one rule every import path follows
 * (CSV, vCard, Google sync, the LinkedIn extension): a person with a name or any valid
 * identifier is always kept. Phones with letters are read on the keypad; a value that still
 * cannot be read is left out of its field and returned in `noteLine` for the contact's notes;
 * a value that is only a column's name (`placeholders`, squashed) is left out; over-long text
 * is cut with the whole value kept in the note. Every such value comes back as a warning.
 */
export function readContact(raw: RawContact, options: { placeholders?: Set<string> } = {}): ContactReading {
  const warnings: ValueWarning[] = [];
  const unread: { field: string; value: string }[] = [];
  const label = (field: string) => FIELD_LABELS[field] ?? field;
  const cannotRead = (field: string, value: string, why: string) => {
    unread.push({ field: label(field), value });
    warnings.push({ field: label(field), value, message: `${why}; kept in the notes` });
  };
  const usable = (field: string, value: string | null | undefined): string | null => {
    if (!value?.trim()) return null;
    // Notes keep their spacing as written (Kith's own export round trip, ADR 012).
    const v = MULTI_LINE_FIELDS.has(field) ? clean(field, value) : clean(field, value).trim();
    if (!v.trim()) return null;
    if (hasInvisibleControls(value))
      warnings.push({ field: label(field), value: v, message: 'had control characters; they were left out' });
    if (options.placeholders?.has(squash(v))) {
      warnings.push({ field: label(field), value: v, message: "is a column's name, not a value; left out" });
      return null;
    }
    return v;
  };
  const input: Record<string, unknown> = {};

  for (const field of TEXT_FIELDS) {
    const v = usable(field, raw[field]);
    if (!v) continue;
    const max = CONTACT_LIMITS.line;
    if (v.length > max) {
      unread.push({ field: label(field), value: v });
      warnings.push({
        field: label(field),
        value: v,
        message: `is longer than ${max} characters; cut, the whole value is kept in the notes`,
      });
    }
    input[field] = v.slice(0, max);
  }
  const notes = usable('notes', raw.notes);
  if (notes && notes.length > NOTES_LIMIT)
    warnings.push({
      field: label('notes'),
      value: `${notes.slice(0, 80)}…`,
      message: `are longer than ${NOTES_LIMIT.toLocaleString('en')} characters; cut`,
    });
  if (notes) input.notes = notes.slice(0, NOTES_LIMIT);

  const emails = new Map<string, string>();
  for (const value of raw.emails ?? []) {
    const v = usable('emails', value);
    if (!v) continue;
    const email = readEmail(v);
    if (!email) cannotRead('emails', v, 'is not an email address Kith can read');
    else if (emails.has(email.toLowerCase())) continue;
    else if (emails.size >= MAX_EMAILS) cannotRead('emails', v, `is past the ${MAX_EMAILS} emails a contact holds`);
    else emails.set(email.toLowerCase(), email);
  }
  if (emails.size) input.emails = [...emails.values()];

  const phones = new Map<string, string>();
  for (const value of raw.phones ?? []) {
    const v = usable('phones', value);
    if (!v) continue;
    const reading = readPhone(v);
    if (reading.status === 'unreadable') cannotRead('phones', v, 'is not a phone number Kith can read');
    else if (phones.has(reading.phone.replace(/[^\d+x]/gi, ''))) continue;
    else if (phones.size >= MAX_PHONES) cannotRead('phones', v, `is past the ${MAX_PHONES} phones a contact holds`);
    else {
      phones.set(reading.phone.replace(/[^\d+x]/gi, ''), reading.phone);
      if (reading.fromLetters)
        warnings.push({ field: label('phones'), value: v, message: `has letters, read on a phone keypad as ${reading.phone}` });
    }
  }
  if (phones.size) input.phones = [...phones.values()];

  const tags = new Map<string, string>();
  for (const value of raw.tags ?? []) {
    const v = usable('tags', value);
    if (!v || tags.has(v.toLowerCase())) continue;
    const notATag = whyNotATag(v);
    if (notATag) cannotRead('tags', v, notATag);
    else if (tags.size >= MAX_TAGS) cannotRead('tags', v, `is past the ${MAX_TAGS} tags a contact holds`);
    else tags.set(v.toLowerCase(), v);
  }
  if (tags.size) input.tags = [...tags.values()];

  const priority = usable('priority', raw.priority)?.toLowerCase();
  // Outlook's Priority column says "Normal" for everyone: Kith's default level.
  if (priority === 'normal') input.priority = 'medium';
  else if (priority && (PRIORITIES as readonly string[]).includes(priority)) input.priority = priority;
  else if (priority) cannotRead('priority', raw.priority!.trim(), `is not a priority (${PRIORITIES.join(', ')})`);

  for (const field of ['telegram_username', 'twitter_handle', 'linkedin_url', 'avatar_url'] as const) {
    const v = usable(field, raw[field]);
    if (!v) continue;
    const value = field === 'telegram_username' || field === 'twitter_handle' ? readHandle(v) : v;
    // A photo cell may name a file ("photo.jpg"): only an address that says http(s) is a photo
    // URL here, as in the vCard and extension paths (the API reads a bare host as https://).
    const readable = field !== 'avatar_url' || /^https?:\/\//i.test(value);
    if (readable && contactFields[field].safeParse(value).success) input[field] = value;
    else
      cannotRead(
        field,
        v,
        field === 'linkedin_url'
          ? 'is not a LinkedIn profile URL'
          : field === 'avatar_url'
            ? 'is not an http(s) URL'
            : 'is not a handle Kith can read',
      );
  }
  const bios = Object.fromEntries(
    Object.entries(raw.bios ?? {}).flatMap(([k, v]) => {
      const bio = usable('bios', v)?.trim();
      return bio ? [[k, bio.slice(0, 2000)]] : [];
    }),
  );
  if (Object.keys(bios).length) input.bios = bios;
  if (raw.source) input.source = raw.source;

  const named = Boolean(input.first_name || input.last_name);
  const identified = ['emails', 'phones', 'telegram_username', 'twitter_handle', 'linkedin_url'].some((k) => k in input);
  if (!named && !identified) {
    const what = unread.map((u) => `${u.field} "${u.value.slice(0, 80)}"`).join(', ');
    return {
      status: 'no_person',
      unreadable: unread.length > 0,
      message: unread.length
        ? `No name and no readable email, phone, handle or LinkedIn URL (could not read ${what})`
        : 'No name and no email, phone, handle or LinkedIn URL',
      warnings,
    };
  }
  const parsed = contactCreateSchema.safeParse(input);
  if (!parsed.success) {
    // Every field was checked above; reaching this is a bug, reported rather than thrown.
    const issue = parsed.error.issues[0]!;
    return { status: 'no_person', unreadable: true, message: `${label(String(issue.path[0] ?? ''))} ${issue.message}`, warnings };
  }
  const noteLine = unread.length ? NOTE_LINE_PREFIX + unread.map((u) => `${u.field}: ${u.value}`).join('; ') : null;
  return { status: 'record', input: parsed.data as ContactCreate, noteLine, warnings };
}
