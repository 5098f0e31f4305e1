import type { ContactSort } from '../contact-sorts';
import type { SearchRow } from './search-row';

/**
 * SQLite compares text byte by byte in UTF-8, which is code point order; JavaScript's `<`
 * compares UTF-16 units, which differs only where one string has a surrogate (a letter past
 * U+FFFF) and the other a unit in U+E000–U+FFFF at the first difference.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  while (a.charCodeAt(i) === b.charCodeAt(i)) i++;
  const [x, y] = [a.charCodeAt(i), b.charCodeAt(i)];
  // Past the end of one (NaN): the shorter sorts first.
  if (Number.isNaN(x) || Number.isNaN(y)) return a.length - b.length;
  const surrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
  if (surrogate(x) && !surrogate(y) && y >= 0xe000) return 1;
  if (surrogate(y) && !surrogate(x) && x >= 0xe000) return -1;
  return x - y;
}

// SQLite sorts NULL lowest: ascending puts it first, descending last.
const nullable = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : compareText(a, b));

type Compare = (a: SearchRow, b: SearchRow) => number;

/** The server's list orders (contact-list-queries.ts ORDER), each ending in the id as there. */
export const LOCAL_ORDER: Record<ContactSort, Compare> = {
  name: (a, b) => compareText(a.name_sort, b.name_sort) || compareText(a.id, b.id),
  '-score': (a, b) => b.relationship_score - a.relationship_score || compareText(a.id, b.id),
  score: (a, b) => a.relationship_score - b.relationship_score || compareText(b.id, a.id),
  '-created_at': (a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id),
  created_at: (a, b) => compareText(a.created_at, b.created_at) || compareText(a.id, b.id),
  '-last_interaction_at': (a, b) => nullable(b.last_interaction_at, a.last_interaction_at) || compareText(b.id, a.id),
  '-connected_on': (a, b) => nullable(b.connected_on, a.connected_on) || compareText(b.id, a.id),
  next_due: (a, b) => compareText(a.next_due ?? '9999-12-31', b.next_due ?? '9999-12-31') || compareText(a.id, b.id),
};
