import type { ImportWarning } from './api-client';

/** The choices of the mapping step, in the user's words (values are the API's field names). */
export const FIELD_OPTIONS: { value: string; label: string }[] = [
  { value: 'ignore', label: "Don't import" },
  { value: 'first_name', label: 'First name' },
  { value: 'last_name', label: 'Last name' },
  { value: 'full_name', label: 'Full name' },
  { value: 'emails', label: 'Email' },
  { value: 'phones', label: 'Phone' },
  { value: 'company', label: 'Company' },
  { value: 'title', label: 'Title' },
  { value: 'tags', label: 'Tags' },
  { value: 'priority', label: 'Priority' },
  { value: 'notes', label: 'Notes' },
  { value: 'location', label: 'Location' },
  { value: 'telegram_username', label: 'Telegram' },
  { value: 'twitter_handle', label: 'Twitter' },
  { value: 'linkedin_url', label: 'LinkedIn URL' },
  { value: 'avatar_url', label: 'Avatar URL' },
  { value: 'connected_on', label: 'Connected on' },
  { value: 'kith_id', label: 'Kith ID' },
];

// A spreadsheet runs a cell that starts with = + - @ as a formula; the report quotes the
// file's own values, so each such cell gets a leading apostrophe (the report is for reading,
// never re-imported).
const inert = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const cell = (s: string) => `"${inert(s).replaceAll('"', '""')}"`;

/** The import report as a CSV file the user can download: rows not imported, and warnings. */
export function importReportCsv(errors: { row: number; message: string }[], warnings: ImportWarning[]): string {
  const lines = [
    ...errors.map((e) => ({ row: e.row, line: `${e.row},Error,"","",${cell(e.message)}` })),
    ...warnings.map((w) => ({ row: w.row, line: `${w.row},Warning,${cell(w.field)},${cell(w.value)},${cell(w.message)}` })),
  ].sort((a, b) => a.row - b.row);
  return ['Row,Kind,Field,Value,Problem', ...lines.map((l) => l.line)].join('\r\n');
}
