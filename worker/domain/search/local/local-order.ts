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

/**
 * ASCII text (ids, ISO dates), where UTF-16 order is code point order: JavaScript's own
 * comparison, which a sort of 50 000 rows calls a million times (compareText's loop cost the
 * first build more than a second on a phone-class CPU).
 */
const compareAscii = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `text` as a key whose UTF-16 order is its code point order, so keys compare with `<`: the
 * units from U+E000 move below the surrogates, the surrogates above them. Most text has
 * neither and is its own key.
 */
export function codePointKey(text: string): string {
  if (!PAST_SURROGATES.test(text)) return text;
  let key = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    key += String.fromCharCode(unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);
  }
  return key;
}
// Without the u flag, a class of code units: a surrogate or a unit above them.
const PAST_SURROGATES = /[\ud800-\uffff]/;

// SQLite sorts NULL lowest: ascending puts it first, descending last.
const nullable = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : compareAscii(a, b));

type Compare = (a: SearchRow, b: SearchRow) => number;

/** The server's list orders (contact-list-queries.ts ORDER), each ending in the id as there. */
export const LOCAL_ORDER: Record<ContactSort, Compare> = {
  name: (a, b) => compareText(a.name_sort, b.name_sort) || compareAscii(a.id, b.id),
  '-score': (a, b) => b.relationship_score - a.relationship_score || compareAscii(a.id, b.id),
  score: (a, b) => a.relationship_score - b.relationship_score || compareAscii(b.id, a.id),
  '-created_at': (a, b) => compareAscii(b.created_at, a.created_at) || compareAscii(b.id, a.id),
  created_at: (a, b) => compareAscii(a.created_at, b.created_at) || compareAscii(a.id, b.id),
  '-last_interaction_at': (a, b) => nullable(b.last_interaction_at, a.last_interaction_at) || compareAscii(b.id, a.id),
  '-connected_on': (a, b) => nullable(b.connected_on, a.connected_on) || compareAscii(b.id, a.id),
  next_due: (a, b) => compareAscii(a.next_due ?? '9999-12-31', b.next_due ?? '9999-12-31') || compareAscii(a.id, b.id),
};

/**
 * The orders that begin with text in any script (the name): ranked by a key per contact,
 * compared with `<`, then the id, as LOCAL_ORDER would rank them.
 */
export const LOCAL_TEXT_KEY: Partial<Record<ContactSort, (row: SearchRow) => string>> = {
  name: (row) => codePointKey(row.name_sort),
};
export const compareIds = (a: SearchRow, b: SearchRow) => compareAscii(a.id, b.id);
