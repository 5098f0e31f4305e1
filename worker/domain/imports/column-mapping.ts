import { z } from 'zod';
import { AppError } from '../errors';
import { restoreCsvValue } from './csv-cells';
import { addressPart, EXACT, squash } from './header-spellings';
import { EAST_EMAIL, EAST_PHONE, EAST_QUALIFIER, LOCALIZED_EAST } from './header-spellings-east';
import { LOCALIZED, LOCALIZED_PHONE } from './header-spellings-localized';
import { IMPORT_FIELDS, MULTI_FIELDS, type ImportField } from './import-fields';
import { KITH_CSV_COLUMNS } from './kith-csv-columns';
import { phoneColumnKind } from './phone-columns';

export { IMPORT_FIELDS, MULTI_FIELDS, type ImportField };

export const mappingSchema = z.record(z.string().max(500), z.enum([...IMPORT_FIELDS, 'ignore']));
export type ColumnMapping = z.infer<typeof mappingSchema>;

const KITH_FIELD_OF = new Map<string, ImportField>(KITH_CSV_COLUMNS.map((c) => [c.header, c.field]));

/**
 * A column that only qualifies another: "E-mail 1 - Type", "Phone 1 - Label", Outlook's "E-mail
 * Display Name" (German "E-Mail-Typ", "E-Mail: Angezeigter Name", Spanish "Tipo de correo").
 * Its value says nothing on its own, so it is not kept in the notes either.
 */
const qualifies = (h: string) =>
  /(type|typ|tipo|label|displayname|angezeigtername)$|^(type|typ|tipo)|mostrar|affich/.test(h) || EAST_QUALIFIER.test(h);

// Yahoo names its phone columns only by their label ("Home", "Work", "Mobile", "Pager", "Fax"), as
// do sheets made by hand ("Cell", "Office", "Personal"): their values tell phones from emails.
const BARE_LABELS = new Set([
  'home',
  'work',
  'business',
  'personal',
  'private',
  'office',
  'other',
  'mobile',
  'cell',
  'cellular',
  'main',
  'primary',
  'pager',
  'fax',
  'iphone',
  'car',
  'school',
]);
const PHONE_VALUE = /^[+(]?\d[\d\s()./-]{4,}\d(\s*(x|ext\.?|#)\s*\d+)?$/i;
const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phones or emails, when at least 8 in 10 of the column's first 20 values are; else undefined. */
function kindOfValues(rows: string[][], column: number): ImportField | undefined {
  const values: string[] = [];
  for (const cells of rows) {
    const v = restoreCsvValue(cells[column] ?? '').trim();
    if (v) values.push(v);
    if (values.length >= 20) break;
  }
  const share = (re: RegExp) => values.filter((v) => re.test(v)).length / values.length;
  if (!values.length) return undefined;
  if (share(EMAIL_VALUE) >= 0.8) return 'emails';
  if (share(PHONE_VALUE) >= 0.8) return 'phones';
  return undefined;
}

function guess(header: string, rows: string[][], column: number): ImportField | undefined {
  const h = squash(header);
  if (BARE_LABELS.has(h)) {
    const kind = kindOfValues(rows, column);
    if (kind) return kind;
  }
  // Thunderbird's "Birth Day" squashes to "birthday": the day of the month, next to Birth Year and Birth Month.
  if (/^birth\s+day$/i.test(header.trim())) return 'birth_day';
  if (EXACT[h]) return EXACT[h];
  if (LOCALIZED[h]) return LOCALIZED[h];
  if (LOCALIZED_EAST[h]) return LOCALIZED_EAST[h];
  if (addressPart(header)) return 'address';
  if (/^relation\d*value$/.test(h)) return 'related'; // Google's "Relation 1 - Value", its kind in "Relation 1 - Label" (or "- Type")
  if (/^event\d*value$/.test(h)) return 'dates'; // Google's "Event 1 - Value", labelled by "Event 1 - Label"
  if (qualifies(h)) return undefined;
  const phoneKind = phoneColumnKind(h);
  if (phoneKind === 'phones') return 'phones';
  if (phoneKind === 'by_values') return kindOfValues(rows, column) === 'phones' ? 'phones' : undefined;
  if (/e?mail/.test(h) || EAST_EMAIL.test(h)) return 'emails';
  if (/phone|mobile|^tel|cell/.test(h) || LOCALIZED_PHONE.test(h) || EAST_PHONE.test(h)) return 'phones';
  if (/linkedin/.test(h)) return 'linkedin_url';
  if (/^(website|webpage)\d*(value)?$/.test(h)) return 'websites'; // Thunderbird's "Web Page 1", Google's "Website 1 - Value"
  if (/^custom\d+$/.test(h)) return 'labelled_note';
  if (/twitter/.test(h)) return 'twitter_handle';
  if (/telegram/.test(h)) return 'telegram_username';
  return undefined;
}

/**
 * A column -> field mapping pre-filled from the headers (and, for a column named only by a
 * label, its values in `rows`); single fields take the first match.
 * Every other column, unless it only qualifies another, goes to the notes under its name: a file
 * from an address book Kith does not know (or in another language) loses nothing by default.
 */
export function suggestMapping(headers: string[], rows: string[][] = []): ColumnMapping {
  const kith = kithExportMapping(headers);
  if (kith) return kith;
  const mapping: ColumnMapping = {};
  const taken = new Set<ImportField>();
  // Outlook has "Title" (Mr/Ms) and "Job Title": a job-title column wins the title field.
  const hasJobTitle = headers.some((h) => squash(h) === 'jobtitle');
  for (const [column, header] of headers.entries()) {
    let field = guess(header, rows, column);
    if (field === 'title' && squash(header) === 'title' && hasJobTitle) field = undefined;
    if (field && (MULTI_FIELDS.has(field) || !taken.has(field))) {
      mapping[header] = field;
      taken.add(field);
    } else {
      mapping[header] = qualifies(squash(header)) ? 'ignore' : 'labelled_note';
    }
  }
  return mapping;
}

const LINKEDIN_FIELDS: Record<string, ImportField> = {
  firstname: 'first_name',
  lastname: 'last_name',
  url: 'linkedin_url',
  emailaddress: 'emails',
  company: 'company',
  position: 'title',
  connectedon: 'connected_on',
};

/** LinkedIn's Connections.csv: every column it has had since 2018 (URL and Email Address come and go). */
export function linkedinMapping(headers: string[]): ColumnMapping {
  return Object.fromEntries(headers.map((h) => [h, LINKEDIN_FIELDS[squash(h)] ?? 'ignore']));
}

/** Whether a header row is LinkedIn's: names first, then only its known columns, with Connected On. */
export function isLinkedinHeader(headers: string[]): boolean {
  const squashed = headers.map(squash).filter(Boolean);
  return (
    squashed[0] === 'firstname' &&
    squashed[1] === 'lastname' &&
    squashed.includes('connectedon') &&
    squashed.every((h) => h in LINKEDIN_FIELDS)
  );
}

/** Kith's own export.csv: each column back into the field it came from (ADR 012). */
export function kithExportMapping(headers: string[]): ColumnMapping | null {
  if (headers[0] !== KITH_CSV_COLUMNS[0]!.header || !headers.every((h) => KITH_FIELD_OF.has(h))) return null;
  return Object.fromEntries(headers.map((h) => [h, KITH_FIELD_OF.get(h)!]));
}

/** Refuses a mapping naming columns the file lacks, or mapping nothing at all. */
export function checkMapping(headers: string[], mapping: ColumnMapping): ColumnMapping {
  const unknown = Object.keys(mapping).filter((h) => !headers.includes(h));
  if (unknown.length)
    throw new AppError('invalid_request', `The mapping names columns the file does not have: ${unknown.slice(0, 5).join(', ')}`, {
      columns: unknown,
    });
  const used = Object.entries(mapping).filter(([, f]) => f !== 'ignore');
  if (used.length === 0) throw new AppError('invalid_request', 'Map at least one column to a Kith field.');
  const singles = used.filter(([, f]) => !MULTI_FIELDS.has(f as ImportField)).map(([, f]) => f);
  const twice = singles.find((f, i) => singles.indexOf(f) !== i);
  if (twice) throw new AppError('invalid_request', `Only one column can be imported as ${twice}.`);
  return mapping;
}
