import { kithExportMapping } from './column-mapping';
import { squash } from './header-spellings';

/** The address book a CSV file came from, as its header (and encoding) tells. */
export interface CsvDialect {
  id: DialectId;
  /** What the import preview says: "Recognised: Thunderbird address book". */
  name: string;
}

export const DIALECT_IDS = [
  'kith',
  'linkedin',
  'thunderbird',
  'outlook_desktop',
  'outlook_com',
  'google',
  'google_legacy',
  'dex',
  'clay',
  'covve',
  'apple_numbers',
  'excel_unicode',
  'excel_semicolon',
] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

export interface FileShape {
  headers: string[];
  kind: 'csv' | 'linkedin';
  delimiter: string;
  utf16: boolean;
  tableName: string | null;
}

const has = (set: Set<string>, ...names: string[]) => names.every((n) => set.has(n));

// Most specific first. Thunderbird, Outlook and Google headers are their documented exports; the
// Dex, Clay and Covve headers were not found published, so these signatures are assumptions (ADR 025).
const APPS: { id: DialectId; name: string; test: (h: Set<string>) => boolean }[] = [
  {
    id: 'dex',
    name: 'Dex export',
    test: (h) => (h.has('lastseen') || h.has('lastcontacted')) && (h.has('keepintouch') || h.has('keepintouchfrequency')),
  },
  { id: 'clay', name: 'Clay export', test: (h) => has(h, 'firstinteraction', 'lastinteraction') },
  { id: 'covve', name: 'Covve export', test: (h) => h.has('industry') && (h.has('nextreminder') || h.has('reminderdate')) },
  { id: 'thunderbird', name: 'Thunderbird address book', test: (h) => has(h, 'primaryemail', 'secondaryemail', 'displayname') },
  { id: 'outlook_com', name: 'Outlook.com contacts', test: (h) => has(h, 'givenyomi', 'surnameyomi', 'emailaddress') },
  {
    id: 'outlook_desktop',
    name: 'Outlook (desktop) contacts',
    test: (h) => h.has('emailaddress') && (h.has('emaildisplayname') || h.has('emailtype') || h.has('businessphone')),
  },
  {
    id: 'google',
    name: 'Google Contacts',
    test: (h) => h.has('labels') && (h.has('email1value') || h.has('phone1value') || h.has('organizationname')),
  },
  {
    id: 'google_legacy',
    name: 'Google Contacts (older format)',
    test: (h) => h.has('groupmembership') && has(h, 'givenname', 'familyname'),
  },
];

/** The dialect of a file, or null for a CSV Kith has no name for (its columns are still suggested). */
export function recognizeDialect(file: FileShape): CsvDialect | null {
  if (file.kind === 'linkedin') return { id: 'linkedin', name: 'LinkedIn connections' };
  if (kithExportMapping(file.headers)) return { id: 'kith', name: 'Kith export' };
  const squashed = new Set(file.headers.map(squash));
  const app = APPS.find((a) => a.test(squashed));
  // How the file was saved, when that is what can be told: Excel's "Unicode text" is UTF-16
  // with tabs; a European Excel writes semicolons; Numbers puts the table's name on top.
  const saved =
    file.utf16 && file.delimiter === '\t'
      ? { id: 'excel_unicode' as const, name: 'Excel Unicode text (UTF-16, tab-separated)' }
      : file.delimiter === ';'
        ? { id: 'excel_semicolon' as const, name: 'Excel with semicolons (European settings)' }
        : file.tableName !== null
          ? { id: 'apple_numbers' as const, name: `Numbers export (table "${file.tableName.slice(0, 60)}")` }
          : null;
  if (app && saved) return { id: app.id, name: `${app.name}, saved as ${saved.name}` };
  return app ?? saved;
}
