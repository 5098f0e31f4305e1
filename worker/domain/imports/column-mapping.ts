import { z } from 'zod';
import { AppError } from '../errors';
import { KITH_CSV_COLUMNS } from './kith-csv-columns';

/** The Kith fields a CSV column can be imported into. */
export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'emails',
  'phones',
  'company',
  'title',
  'tags',
  'priority',
  'notes',
  'location',
  'telegram_username',
  'twitter_handle',
  'linkedin_url',
  'avatar_url',
  'connected_on',
  'kith_id',
  'birthday',
  'anniversary',
  'dates',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const mappingSchema = z.record(z.string().max(500), z.enum([...IMPORT_FIELDS, 'ignore']));
export type ColumnMapping = z.infer<typeof mappingSchema>;

/** Fields a file may fill from several columns (every email column, every phone column...). */
export const MULTI_FIELDS = new Set<ImportField>(['emails', 'phones', 'tags', 'location', 'anniversary', 'dates']);

const KITH_FIELD_OF = new Map<string, ImportField>(KITH_CSV_COLUMNS.map((c) => [c.header, c.field]));

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

// Header spellings of Google Contacts, Outlook, Apple/iCloud exporters, LinkedIn and our own
// export, squashed to lowercase letters and digits.
const EXACT: Record<string, ImportField> = {
  firstname: 'first_name',
  givenname: 'first_name',
  first: 'first_name',
  forename: 'first_name',
  lastname: 'last_name',
  familyname: 'last_name',
  surname: 'last_name',
  last: 'last_name',
  name: 'full_name',
  fullname: 'full_name',
  displayname: 'full_name',
  contactname: 'full_name',
  company: 'company',
  companyname: 'company',
  organization: 'company',
  organisation: 'company',
  organizationname: 'company',
  organization1name: 'company',
  employer: 'company',
  jobtitle: 'title',
  organizationtitle: 'title',
  organization1title: 'title',
  position: 'title',
  role: 'title',
  title: 'title',
  tags: 'tags',
  labels: 'tags',
  groupmembership: 'tags',
  categories: 'tags',
  groups: 'tags',
  priority: 'priority',
  notes: 'notes',
  note: 'notes',
  comments: 'notes',
  location: 'location',
  city: 'location',
  town: 'location',
  address: 'location',
  homecity: 'location',
  businesscity: 'location',
  address1formatted: 'location',
  homeaddress: 'location',
  businessaddress: 'location',
  country: 'location',
  telegram: 'telegram_username',
  telegramusername: 'telegram_username',
  twitter: 'twitter_handle',
  twitterhandle: 'twitter_handle',
  x: 'twitter_handle',
  linkedin: 'linkedin_url',
  linkedinurl: 'linkedin_url',
  linkedinprofile: 'linkedin_url',
  url: 'linkedin_url',
  profileurl: 'linkedin_url',
  avatar: 'avatar_url',
  avatarurl: 'avatar_url',
  photo: 'avatar_url',
  connectedon: 'connected_on',
  kithid: 'kith_id',
  birthday: 'birthday',
  birthdate: 'birthday',
  dateofbirth: 'birthday',
  bday: 'birthday',
  anniversary: 'anniversary',
  weddinganniversary: 'anniversary',
  otherdates: 'dates',
  dates: 'dates',
  importantdates: 'dates',
};

function guess(header: string): ImportField | undefined {
  const h = squash(header);
  if (EXACT[h]) return EXACT[h];
  if (/^event\d*value$/.test(h)) return 'dates'; // Google's "Event 1 - Value", labelled by "Event 1 - Label"
  if (/type$|label$|displayname$/.test(h)) return undefined; // "E-mail 1 - Type", "Phone 1 - Label", Outlook's "E-mail Display Name"
  if (/e?mail/.test(h)) return 'emails';
  if (/phone|mobile|^tel|cell/.test(h)) return 'phones';
  if (/linkedin/.test(h)) return 'linkedin_url';
  if (/twitter/.test(h)) return 'twitter_handle';
  if (/telegram/.test(h)) return 'telegram_username';
  return undefined;
}

/** A column -> field mapping pre-filled from the headers; single fields take the first match. */
export function suggestMapping(headers: string[]): ColumnMapping {
  const kith = kithExportMapping(headers);
  if (kith) return kith;
  const mapping: ColumnMapping = {};
  const taken = new Set<ImportField>();
  // Outlook has "Title" (Mr/Ms) and "Job Title": a job-title column wins the title field.
  const hasJobTitle = headers.some((h) => squash(h) === 'jobtitle');
  for (const header of headers) {
    let field = guess(header);
    if (field === 'title' && squash(header) === 'title' && hasJobTitle) field = undefined;
    if (field && (MULTI_FIELDS.has(field) || !taken.has(field))) {
      mapping[header] = field;
      taken.add(field);
    } else {
      mapping[header] = 'ignore';
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
