import { sha256Hex } from '../../db/columns';
import { PRIORITIES } from '../contacts/contact-input';
import { readContact, type ValueWarning } from '../contacts/read-contact';
import type { ContactRecord } from '../contacts/upsert-contacts';
import { tagsFromGroups } from '../tags/address-book-groups';
import { kithExportMapping, MULTI_FIELDS, type ColumnMapping, type ImportField } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { rowDates } from './csv-row-dates';
import { rowExtras } from './csv-row-extras';
import { rowLabelBlocks } from './csv-row-labels';
import { rowRelatedNames } from './csv-row-related';
import { cutReport, type CutValue } from './cut-to-fit';
import type { RelatedName } from '../relationships/vcard-related';
import { parseConnectedOn } from './imported-dates';
import { KITH_LIST_SEPARATOR } from './kith-csv-columns';
import { squash as squashHeader } from './header-spellings';
import { isNotForCalling } from './phone-columns';
import type { ImportedDate } from './vcard-to-record';

/** A row as a record, or why it is not one; `warnings`: values it had that Kith did not take as given. */
export type RowResult =
  | {
      status: 'record';
      record: ContactRecord;
      warnings?: ValueWarning[];
      dates?: ImportedDate[];
      notice?: string;
      /** YYYY-MM-DD days: the last contact (a timeline entry) and a reminder, from Dex, Clay or Covve. */
      lastContacted?: string;
      reminderOn?: string;
      /** Google's Relation columns: linked like a vCard's RELATED (ADR 041). */
      related?: RelatedName[];
    }
  | { status: 'skipped'; message: string; warnings?: ValueWarning[] }
  | { status: 'failed'; message: string; warnings?: ValueWarning[] };

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

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
  // A fax's or a pager's number comes after the numbers one calls (Outlook lists "Business Fax" first).
  const notForCalling: string[] = [];
  const kith = kithExportMapping(headers) !== null;
  headers.forEach((header, i) => {
    const field = mapping[header];
    // Exports (ours among them) put a quote before a formula-like start; undo that here.
    const raw = restoreCsvValue(cells[i] ?? '');
    // Kith's own notes come back exactly as they were, surrounding spaces included.
    const cell = kith && field === 'notes' && raw.trim() ? raw : raw.trim();
    if (!field || field === 'ignore' || field === 'related' || !cell) return;
    const list = field === 'phones' && !kith && isNotForCalling(squashHeader(header)) ? notForCalling : (values.get(field) ?? []);
    const whole = field === 'location' || field === 'address' || field === 'websites' || field === 'labelled_note';
    list.push(...(MULTI_FIELDS.has(field) && !whole ? splitList(field, cell, kith) : [cell]));
    if (list !== notForCalling) values.set(field, list);
  });
  if (notForCalling.length) values.set('phones', [...(values.get('phones') ?? []), ...notForCalling]);
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
  const extras = rowExtras(headers, mapping, cells);
  const notes = [one('notes'), ...extras.noteBlocks].filter(Boolean).join('\n\n') || undefined;
  const unique = (list: string[] | undefined) => (list ? [...new Set(list)] : undefined);
  const nonEmpty = (list: string[]) => (list.length ? list : undefined);
  // Keys in this order, and priority only when valid: the fingerprint of a row stays what it
  // was before issue 19, so re-importing an older file still finds its contacts.
  const raw = {
    first_name: first,
    last_name: last,
    emails: unique(values.get('emails')),
    phones: unique(values.get('phones')),
    // Kith's own export holds the user's tags as they are; other address books add their system groups.
    tags: kith ? values.get('tags') : nonEmpty(tagsFromGroups(values.get('tags') ?? [])),
    location: values.get('location')?.join(', ') ?? extras.location,
    company: one('company'),
    title: one('title'),
    notes,
    telegram_username: one('telegram_username') ?? extras.telegramUsername,
    twitter_handle: one('twitter_handle') ?? extras.twitterHandle,
    linkedin_url: one('linkedin_url') ?? extras.linkedinUrl,
    avatar_url: one('avatar_url'),
  };
  const priority = one('priority')?.toLowerCase();
  const fingerprinted = priority && (PRIORITIES as readonly string[]).includes(priority) ? { ...raw, priority } : raw;
  // Outlook 2003 writes a column's own name as the value of some empty fields ("BusinessPhone").
  // Short headers ("X", "Tel") are left out: a real value could well be spelled like them.
  const placeholders = new Set(headers.map(squash).filter((h) => h.length >= 4));
  // The labels of phones and emails (ADR 072); left out of the fingerprint, as rows were fingerprinted before.
  const labels = kith
    ? []
    : rowLabelBlocks(
        headers,
        mapping,
        cells,
        (field, value) => splitList(field, value, false),
        (value) => placeholders.has(squash(value)),
      );
  const labelledNotes = labels.length ? [notes, ...labels].filter(Boolean).join('\n\n') : notes;
  const reading = readContact({ ...raw, notes: labelledNotes, priority: one('priority') }, { placeholders });
  if (reading.status === 'no_person')
    return { status: reading.unreadable ? 'failed' : 'skipped', message: reading.message, warnings: reading.warnings };
  const { input, noteLine, warnings } = reading;
  const connectedOn = one('connected_on') ? parseConnectedOn(one('connected_on')!) : null;
  const cut: CutValue[] = [];
  const { dates, unreadable } = rowDates(headers, mapping, cells, cut);
  if (extras.birthday) dates.push(extras.birthday);
  unreadable.push(...extras.unreadable);
  if (one('connected_on') && !connectedOn) unreadable.push(`Connected On "${one('connected_on')!.slice(0, 80)}"`);
  const related = rowRelatedNames(headers, mapping, cells, cut);
  const cutNotes = cutReport(cut);
  warnings.push(...cutNotes.warnings);
  const noteLines = [noteLine, cutNotes.noteLine].filter((line): line is string => Boolean(line));
  const record: ContactRecord = { input, connectedOn, contactId: one('kith_id'), noteLines };
  // Rows without dates keep the fingerprint they had before dates were imported.
  record.fingerprint = await sha256Hex(JSON.stringify(dates.length ? [fingerprinted, connectedOn, dates] : [fingerprinted, connectedOn]));
  const notice = unreadable.length
    ? `Not a date Kith can read, so not imported: ${unreadable.join(', ')}; the rest was imported`
    : undefined;
  const followUps = {
    ...(extras.lastContacted ? { lastContacted: extras.lastContacted } : {}),
    ...(extras.reminderOn ? { reminderOn: extras.reminderOn } : {}),
  };
  return { status: 'record', record, warnings, dates, ...(notice ? { notice } : {}), ...followUps, ...(related.length ? { related } : {}) };
}
