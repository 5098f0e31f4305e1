import { csvRecord } from '../../worker/domain/imports/csv-cells';
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
  { value: 'address', label: 'Address (part)' },
  { value: 'websites', label: 'Website' },
  { value: 'telegram_username', label: 'Telegram' },
  { value: 'twitter_handle', label: 'Twitter' },
  { value: 'linkedin_url', label: 'LinkedIn URL' },
  { value: 'avatar_url', label: 'Avatar URL' },
  { value: 'connected_on', label: 'Connected on' },
  { value: 'birthday', label: 'Birthday' },
  { value: 'anniversary', label: 'Anniversary' },
  { value: 'dates', label: 'Other dates' },
  { value: 'birth_year', label: 'Birth year' },
  { value: 'birth_month', label: 'Birth month' },
  { value: 'birth_day', label: 'Birth day' },
  { value: 'last_contacted', label: 'Last contacted (timeline)' },
  { value: 'reminder', label: 'Reminder date' },
  { value: 'labelled_note', label: 'Notes, with the column name' },
  { value: 'related', label: 'Related person (a link)' },
  { value: 'kith_id', label: 'Kith ID' },
];

/**
 * The import report as a CSV file the user can download: rows not imported, and warnings, by row.
 * Its cells are written as the contacts export's are (ADR 012): it quotes the file's own values.
 */
export function importReportCsv(errors: { row: number; message: string }[], warnings: ImportWarning[]): string {
  const lines = [
    ...errors.map((e) => ({ row: e.row, cells: [String(e.row), 'Error', '', '', e.message] })),
    ...warnings.map((w) => ({ row: w.row, cells: [String(w.row), 'Warning', w.field, w.value, w.message] })),
  ].sort((a, b) => a.row - b.row);
  return [csvRecord(['Row', 'Kind', 'Field', 'Value', 'Problem']), ...lines.map((l) => csvRecord(l.cells))].join('\r\n');
}
