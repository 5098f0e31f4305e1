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

/** The error report as a CSV file the user can download. */
export function errorReportCsv(errors: { row: number; message: string }[]): string {
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  return ['Row,Problem', ...errors.map((e) => `${e.row},${quote(e.message)}`)].join('\r\n');
}
