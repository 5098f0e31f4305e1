import { sha256Hex } from '../../db/columns';
import { contactCreateSchema, type ContactCreate } from '../contacts/contact-input';
import type { ContactRecord } from '../contacts/upsert-contacts';
import { tagsFromGroups } from '../tags/address-book-groups';
import { kithExportMapping, MULTI_FIELDS, type ColumnMapping, type ImportField } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { rowDates } from './csv-row-dates';
import { parseConnectedOn } from './imported-dates';
import { KITH_LIST_SEPARATOR } from './kith-csv-columns';
import type { ImportedDate } from './vcard-to-record';

export type RowResult =
  | { status: 'record'; record: ContactRecord; dates?: ImportedDate[]; notice?: string }
  | { status: 'skipped'; message: string }
  | { status: 'failed'; message: string };

const LABELS: Record<string, string> = {
  first_name: 'First name', last_name: 'Last name', emails: 'Email', phones: 'Phone', company: 'Company', title: 'Title',
  tags: 'Tags', priority: 'Priority', notes: 'Notes', location: 'Location', telegram_username: 'Telegram',
  twitter_handle: 'Twitter', linkedin_url: 'LinkedIn URL', avatar_url: 'Avatar URL',
};

// Google joins several values in one cell with " ::: "; our export and many tools use "; ".
// Kith's own export is split on exactly what it joined with (ADR 012).
const splitList = (field: ImportField, value: string, kith: boolean) =>
  value
    .split(kith ? KITH_LIST_SEPARATOR : field === 'emails' ? /\s*(?::::|;|,|\n)\s*/ : /\s*(?::::|;|\n)\s*/)
    .map((v) => v.trim())
    .filter(Boolean);

/** One CSV row through the user's mapping into a contact record, or the reason it is not one. */
export async function rowToRecord(headers: string[], mapping: ColumnMapping, cells: string[]): Promise<RowResult> {
  const values = new Map<ImportField, string[]>();
  const kith = kithExportMapping(headers) !== null;
  headers.forEach((header, i) => {
    const field = mapping[header];
    // Exports (ours among them) put a quote before a formula-like start; undo that here.
    const raw = restoreCsvValue(cells[i] ?? '');
    // Kith's own notes come back exactly as they were, surrounding spaces included.
    const cell = kith && field === 'notes' && raw.trim() ? raw : raw.trim();
    if (!field || field === 'ignore' || !cell) return;
    const list = values.get(field) ?? [];
    list.push(...(MULTI_FIELDS.has(field) && field !== 'location' ? splitList(field, cell, kith) : [cell]));
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
  const input: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) input[key] = value;
  };
  put('first_name', first);
  put('last_name', last);
  put('emails', [...new Set(values.get('emails') ?? [])]);
  put('phones', [...new Set(values.get('phones') ?? [])]);
  // Kith's own export holds the user's tags as they are; other address books add their system groups.
  put('tags', kith ? values.get('tags') : tagsFromGroups(values.get('tags') ?? []));
  put('location', values.get('location')?.join(', '));
  for (const f of ['company', 'title', 'notes', 'telegram_username', 'twitter_handle', 'linkedin_url', 'avatar_url'] as const) put(f, one(f));
  const priority = one('priority')?.toLowerCase();
  if (priority && ['high', 'medium', 'low', 'archived'].includes(priority)) input.priority = priority;

  const hasIdentifier = ['emails', 'phones', 'telegram_username', 'twitter_handle', 'linkedin_url'].some((k) => k in input);
  if (!first && !last && !hasIdentifier) return { status: 'skipped', message: 'No name and no email, phone, handle or LinkedIn URL' };
  const parsed = contactCreateSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const bad = issue.path.length > 1 ? (input[field] as unknown[])[Number(issue.path[1])] : input[field];
    return { status: 'failed', message: `${LABELS[field] ?? field} ${typeof bad === 'string' ? `"${bad.slice(0, 80)}" ` : ''}${issue.message}` };
  }
  const connectedOn = one('connected_on') ? parseConnectedOn(one('connected_on')!) : null;
  const { dates, unreadable } = rowDates(headers, mapping, cells);
  if (one('connected_on') && !connectedOn) unreadable.push(`Connected On "${one('connected_on')!.slice(0, 80)}"`);
  const record: ContactRecord = { input: parsed.data as ContactCreate, connectedOn, contactId: one('kith_id') };
  // Rows without dates keep the fingerprint they had before dates were imported.
  record.fingerprint = await sha256Hex(JSON.stringify(dates.length ? [input, connectedOn, dates] : [input, connectedOn]));
  const notice = unreadable.length ? `Not a date Kith can read, so not imported: ${unreadable.join(', ')}; the rest was imported` : undefined;
  return { status: 'record', record, dates, ...(notice ? { notice } : {}) };
}
