import { sha256Hex } from '../../db/columns';
import { PRIORITIES } from '../contacts/contact-input';
import { readContact, type ValueWarning } from '../contacts/read-contact';
import type { ContactRecord } from '../contacts/upsert-contacts';
import { MULTI_FIELDS, type ColumnMapping, type ImportField } from './column-mapping';

/** A row as a record, or why it is not one; `warnings`: values it had that Kith did not take as given. */
export type RowResult =
  | { status: 'record'; record: ContactRecord; warnings?: ValueWarning[] }
  | { status: 'skipped'; message: string; warnings?: ValueWarning[] }
  | { status: 'failed'; message: string; warnings?: ValueWarning[] };

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

// Google joins several values in one cell with " ::: "; our export and many tools use "; ".
const splitList = (field: ImportField, value: string) =>
  value
    .split(field === 'emails' ? /\s*(?::::|;|,|\n)\s*/ : /\s*(?::::|;|\n)\s*/)
    .map((v) => v.trim())
    .filter(Boolean)
    // Google's system labels are not tags the user made.
    .filter((v) => field !== 'tags' || !/^\*\s/.test(v));

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "15 Mar 2024" (LinkedIn) or "2024-03-15" -> "2024-03-15"; anything else -> null. */
export function parseConnectedOn(value: string): string | null {
  const v = value.trim();
  const iso = v.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = v.match(/^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/);
  const month = dmy ? MONTHS.indexOf(dmy[2]!.toLowerCase()) : -1;
  if (dmy && month >= 0) return `${dmy[3]}-${String(month + 1).padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return null;
}

/** One CSV row through the user's mapping into a contact record, or the reason it is not one. */
export async function rowToRecord(headers: string[], mapping: ColumnMapping, cells: string[]): Promise<RowResult> {
  const values = new Map<ImportField, string[]>();
  headers.forEach((header, i) => {
    const field = mapping[header];
    // Our export quotes a leading "=" or "@" against formula injection; undo that here.
    const cell = (cells[i] ?? '').trim().replace(/^'(?=[=@])/, '');
    if (!field || field === 'ignore' || !cell) return;
    const list = values.get(field) ?? [];
    list.push(...(MULTI_FIELDS.has(field) && field !== 'location' ? splitList(field, cell) : [cell]));
    values.set(field, list);
  });
  const one = (f: ImportField) => values.get(f)?.[0];
  let first = one('first_name');
  let last = one('last_name');
  const full = one('full_name');
  const reversed = full?.match(/^([^,]+),\s*([^,]+)$/); // "Lovelace, Ada"
  if (!first && !last && reversed) {
    last = reversed[1]!.trim();
    first = reversed[2]!.trim();
  } else if (!first && !last && full) {
    const words = full.split(/\s+/);
    last = words.length > 1 ? words.pop() : undefined;
    first = words.join(' ');
  }
  const unique = (list: string[] | undefined) => (list ? [...new Set(list)] : undefined);
  // Keys in this order, and priority only when valid: the fingerprint of a row stays what it
  // was before issue 19, so re-importing an older file still finds its contacts.
  const raw = {
    first_name: first,
    last_name: last,
    emails: unique(values.get('emails')),
    phones: unique(values.get('phones')),
    tags: values.get('tags'),
    location: values.get('location')?.join(', '),
    company: one('company'),
    title: one('title'),
    notes: one('notes'),
    telegram_username: one('telegram_username'),
    twitter_handle: one('twitter_handle'),
    linkedin_url: one('linkedin_url'),
    avatar_url: one('avatar_url'),
  };
  const priority = one('priority')?.toLowerCase();
  const fingerprinted = priority && (PRIORITIES as readonly string[]).includes(priority) ? { ...raw, priority } : raw;
  // Outlook 2003 writes a column's own name as the value of some empty fields ("BusinessPhone").
  // Short headers ("X", "Tel") are left out: a real value could well be spelled like them.
  const placeholders = new Set(headers.map(squash).filter((h) => h.length >= 4));
  const reading = readContact({ ...raw, priority: one('priority') }, { placeholders });
  if (reading.status === 'no_person') return { status: reading.unreadable ? 'failed' : 'skipped', message: reading.message, warnings: reading.warnings };
  const { input, noteLine, warnings } = reading;
  const connectedOn = one('connected_on') ? parseConnectedOn(one('connected_on')!) : null;
  const record: ContactRecord = { input, connectedOn, contactId: one('kith_id'), noteLines: noteLine ? [noteLine] : [] };
  record.fingerprint = await sha256Hex(JSON.stringify([fingerprinted, connectedOn]));
  return { status: 'record', record, warnings };
}
