import type { ContactSort } from '../contact-sorts';
import type { SearchRow } from './search-row';

/**
 * SQLite compares text byte by byte in UTF-8, which is code point order; JavaScript's `<`
 * compares UTF-16 units, which differs for letters past U+FFFF against U+E000–U+FFFF.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
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
