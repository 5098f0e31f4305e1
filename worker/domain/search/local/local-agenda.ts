import type { SearchRow } from './search-row';

/**
 * The cadence dues a local index can give (Home's agenda offline, docs/decisions/040): the
 * contacts due by `until` (a local date), soonest first and then by id, as the server's agenda
 * orders its cadence rows. Reminders and suggestions are not in the index.
 */
export function dueFromIndex(rows: Iterable<SearchRow>, until: string): SearchRow[] {
  const due: SearchRow[] = [];
  for (const row of rows) if (row.next_due && row.next_due <= until && row.priority !== 'archived') due.push(row);
  return due.sort((a, b) => a.next_due!.localeCompare(b.next_due!) || a.id.localeCompare(b.id));
}
