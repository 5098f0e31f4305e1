import { foldedWords, foldText } from '../../folding';
import type { ContactSort } from '../contact-sorts';
import { parseSearch, phoneDigits } from '../search-terms';
import { LOCAL_ORDER } from './local-order';
import type { SearchRow } from './search-row';

// The columns of the server's search index a word can match in (contacts_fts without notes).
const NAME = 1;
const COMPANY = 2;
const TITLE = 4;
const HANDLES = 8;
const EMAILS = 16;
const PLACES = 32;
const TAGS = 64;
const FIELD_BITS = 128;

const fieldsOf = (row: SearchRow): [number, string | null][] => [
  [NAME, row.full_name],
  [COMPANY, row.company],
  [TITLE, row.title],
  [HANDLES, row.handles],
  [EMAILS, row.emails.join(' ')],
  [PLACES, row.places],
  [TAGS, row.tags.join(' ')],
];

/** The `k` smallest items in order, without sorting them all: a one-letter search matches thousands. */
function firstOf<T>(items: T[], k: number, compare: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1]!) >= 0) continue;
    let [low, high] = [0, best.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(best[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}

export interface LocalPage {
  rows: SearchRow[];
  total: number;
}

/**
 * The browser's search over its own copy of the user's contacts (docs/decisions/040): the same
 * words as the server's index (folded by worker/domain/folding.ts, split as its tokenizer
 * splits), each query word a prefix of some word of the contact, ranked in the server's tiers
 * (search-page-queries.ts): 1 the folded full name starts with the query, 2 a name word starts
 * with a query word, 3 company or title, 4 a handle, 5 the rest; then the list's order.
 *
 * Words live in a sorted array of distinct words, each with its postings (slot × 128 + the
 * columns it is in), so a prefix is a binary search and a walk. A change appends a slot and
 * leaves the old one dead; the postings are built again when the dead outnumber a quarter.
 */
export class LocalSearchIndex {
  private slots: (SearchRow | null)[] = [];
  private slotOf = new Map<string, number>();
  private postings = new Map<string, number[]>();
  private words: string[] = [];
  private unsorted: string[] = [];
  private dead = 0;

  constructor(rows: Iterable<SearchRow> = []) {
    for (const row of rows) this.put(row);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a contact, or replaces what it held. */
  put(row: SearchRow): void {
    this.remove(row.id);
    const slot = this.slots.length;
    this.slots.push(row);
    this.slotOf.set(row.id, slot);
    const masks = new Map<string, number>();
    for (const [bit, text] of fieldsOf(row)) {
      if (!text) continue;
      for (const word of foldedWords(foldText(text))) masks.set(word, (masks.get(word) ?? 0) | bit);
    }
    for (const [word, mask] of masks) {
      const list = this.postings.get(word);
      if (list) list.push(slot * FIELD_BITS + mask);
      else {
        this.postings.set(word, [slot * FIELD_BITS + mask]);
        this.unsorted.push(word);
      }
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slots[slot] = null;
    this.slotOf.delete(id);
    this.dead++;
  }

  get(id: string): SearchRow | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : (this.slots[slot] ?? undefined);
  }

  /** Every live row, for saving and rebuilding. */
  *rows(): IterableIterator<SearchRow> {
    for (const row of this.slots) if (row) yield row;
  }

  private compact(): void {
    if (this.dead > 1000 && this.dead * 4 > this.slots.length) {
      const live = [...this.rows()];
      this.slots = [];
      this.slotOf = new Map();
      this.postings = new Map();
      this.words = [];
      this.unsorted = [];
      this.dead = 0;
      for (const row of live) this.put(row);
    }
    if (this.unsorted.length === 0) return;
    if (this.unsorted.length < 256 && this.words.length > 0) {
      for (const word of this.unsorted) this.words.splice(this.lowerBound(word), 0, word);
    } else {
      this.words.push(...this.unsorted);
      this.words.sort();
    }
    this.unsorted = [];
  }

  private lowerBound(word: string): number {
    let [low, high] = [0, this.words.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The live slots with a word starting with `prefix`, each with the columns it starts one in. */
  private startingWith(prefix: string): Map<number, number> {
    const found = new Map<number, number>();
    for (let i = this.lowerBound(prefix); i < this.words.length && this.words[i]!.startsWith(prefix); i++) {
      for (const posting of this.postings.get(this.words[i]!)!) {
        const slot = Math.floor(posting / FIELD_BITS);
        if (this.slots[slot]) found.set(slot, (found.get(slot) ?? 0) | (posting % FIELD_BITS));
      }
    }
    return found;
  }

  /**
   * The first `limit` matches of a search of the list (no filters), in the server's order, and
   * how many match. Null when the local index cannot answer as the server would: a phone
   * number (phones are not kept here) or nothing to search for.
   */
  search(q: string, sort: ContactSort = '-score', limit = 50): LocalPage | null {
    const terms = parseSearch(q);
    if (!terms || terms.words.length === 0 || phoneDigits(q)) return null;
    this.compact();
    const perWord = terms.words.map((word) => this.startingWith(word)).sort((a, b) => a.size - b.size);
    const [rarest, ...others] = perWord;
    const ranked: { row: SearchRow; tier: number }[] = [];
    for (const [slot, first] of rarest!) {
      let mask = first;
      let all = true;
      for (const other of others) {
        const m = other.get(slot);
        if (m === undefined) {
          all = false;
          break;
        }
        mask |= m;
      }
      const row = this.slots[slot]!;
      if (!all || row.priority === 'archived') continue;
      const tier = row.name_sort.startsWith(terms.phrase) ? 1 : mask & NAME ? 2 : mask & (COMPANY | TITLE) ? 3 : mask & HANDLES ? 4 : 5;
      ranked.push({ row, tier });
    }
    const order = LOCAL_ORDER[sort];
    const page = firstOf(ranked, limit, (a, b) => a.tier - b.tier || order(a.row, b.row));
    return { rows: page.map((r) => r.row), total: ranked.length };
  }
}
