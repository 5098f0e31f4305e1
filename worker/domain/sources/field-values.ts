import type { ContactRow } from '../../db/schema';
import type { SourceField } from './source-kinds';
import { valueKey } from './value-key';

// Which value of a contact each field holds, as the key its source row names (ADR 032).

/** A field with one value per contact, held in its own column(s). */
export type Scalar = Exclude<SourceField, 'email' | 'phone' | 'tag' | 'date'>;

/** The value of each one-value field in a contact row; null when the field is empty. */
const SCALARS: Record<Scalar, (row: Partial<ContactRow>) => unknown> = {
  first_name: (r) => r.firstName,
  last_name: (r) => r.lastName,
  company: (r) => r.companyId,
  title: (r) => r.title,
  priority: (r) => r.priority,
  notes: (r) => r.notes,
  location: (r) => r.location,
  avatar_url: (r) => r.avatarUrl,
  telegram_username: (r) => r.telegramUsername,
  twitter_handle: (r) => r.twitterHandle,
  linkedin_url: (r) => r.linkedinUrl,
  bio_twitter: (r) => r.bioTwitter,
  bio_telegram: (r) => r.bioTelegram,
  bio_linkedin: (r) => r.bioLinkedin,
  how_we_met: (r) => r.howWeMet,
  connected_on: (r) => r.connectedOn,
  cadence: (r) => (r.cadenceEvery === null || r.cadenceEvery === undefined ? null : `${r.cadenceEvery} ${r.cadenceUnit ?? ''}`),
};

/** The contact columns behind each field: a write of one of them is a write of the field. */
const COLUMNS: Record<Scalar, (keyof ContactRow)[]> = {
  first_name: ['firstName'],
  last_name: ['lastName'],
  company: ['companyId'],
  title: ['title'],
  priority: ['priority'],
  notes: ['notes'],
  location: ['location'],
  avatar_url: ['avatarUrl'],
  telegram_username: ['telegramUsername'],
  twitter_handle: ['twitterHandle'],
  linkedin_url: ['linkedinUrl'],
  bio_twitter: ['bioTwitter'],
  bio_telegram: ['bioTelegram'],
  bio_linkedin: ['bioLinkedin'],
  how_we_met: ['howWeMet'],
  connected_on: ['connectedOn'],
  cadence: ['cadenceEvery', 'cadenceUnit'],
};

/** One value a field holds now: the field and the value's key. */
export interface FieldValue {
  field: SourceField;
  key: string;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The fields whose columns are among `columns` (the columns a write sets). */
export function fieldsWritten(columns: (keyof ContactRow)[]): Scalar[] {
  return (Object.keys(COLUMNS) as Scalar[]).filter((f) => COLUMNS[f].some((c) => columns.includes(c)));
}

/** The value of `field` in `row` as its key, or null when empty. */
export function scalarKey(field: Scalar, row: Partial<ContactRow>): string | null {
  const value = SCALARS[field](row);
  return blank(value) ? null : valueKey(String(value));
}

/** The key of an email or phone (its normalized form, as contact_identifiers keeps it). */
export const identifierKey = (valueNorm: string): string => valueKey(valueNorm);

/** The key of a tag: its normalized form, so a tag spelled anew keeps its source. */
export const tagKey = (tagNorm: string): string => valueKey(`tag\u0000${tagNorm}`);

/** A date as the API shows its source's value: YYYY-MM-DD, or --MM-DD without a year (vCard's form). */
export function dateValue(d: { month: number; day: number; year: number | null }): string {
  const md = `${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  return d.year ? `${String(d.year).padStart(4, '0')}-${md}` : `--${md}`;
}

/**
 * The key of a date: the day it names, not its kind or label, so a merge that relabels a second
 * birthday ("Birthday (Ada)") keeps its source (ADR 038).
 */
export const dateKey = (d: { month: number; day: number; year: number | null }): string => valueKey(`date\u0000${dateValue(d)}`);

/** The values `fields` hold in `row`, skipping empty ones. */
export function scalarValues(fields: Scalar[], row: Partial<ContactRow>): FieldValue[] {
  return fields.flatMap((field) => {
    const key = scalarKey(field, row);
    return key ? [{ field, key }] : [];
  });
}
