import type { ImportField } from './column-mapping';

/**
 * The columns of Kith's export.csv, in order, with the import field each one goes back into:
 * the import recognises this header exactly (ADR 012). New columns go at the end, so older
 * exports (a prefix of this list) are still recognised.
 */
export const KITH_CSV_COLUMNS: { header: string; field: ImportField }[] = [
  { header: 'Kith ID', field: 'kith_id' },
  { header: 'First Name', field: 'first_name' },
  { header: 'Last Name', field: 'last_name' },
  { header: 'Email', field: 'emails' },
  { header: 'Phone', field: 'phones' },
  { header: 'Company', field: 'company' },
  { header: 'Title', field: 'title' },
  { header: 'Tags', field: 'tags' },
  { header: 'Priority', field: 'priority' },
  { header: 'Notes', field: 'notes' },
  { header: 'Location', field: 'location' },
  { header: 'Telegram', field: 'telegram_username' },
  { header: 'Twitter', field: 'twitter_handle' },
  { header: 'LinkedIn URL', field: 'linkedin_url' },
  { header: 'Connected On', field: 'connected_on' },
  { header: 'Birthday', field: 'birthday' },
  { header: 'Anniversary', field: 'anniversary' },
  { header: 'Other Dates', field: 'dates' },
];

/** Several values in one cell (emails, phones, tags, dates) are joined with this. */
export const KITH_LIST_SEPARATOR = '; ';
