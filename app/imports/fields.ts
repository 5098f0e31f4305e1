import { csvRecord } from '../../worker/domain/imports/csv-cells';

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
  { value: 'birthday', label: 'Birthday' },
  { value: 'anniversary', label: 'Anniversary' },
  { value: 'dates', label: 'Other dates' },
  { value: 'kith_id', label: 'Kith ID' },
];

/** The error report as a CSV file the user can download; its cells are written as the contacts export's are (ADR 012). */
export function errorReportCsv(errors: { row: number; message: string }[]): string {
  return [csvRecord(['Row', 'Problem']), ...errors.map((e) => csvRecord([String(e.row), e.message]))].join('\r\n');
}
