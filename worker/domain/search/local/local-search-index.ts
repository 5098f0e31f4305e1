import { latinName } from '../../contacts/latin-name';
import { indexWords } from '../../folding';
import type { ContactSort } from '../contact-sorts';
import { parseSearch, phoneDigits } from '../search-terms';
import type { RowFilter } from './local-filters';
import { compareText } from './local-order';
import { SortRanks } from './local-sort-ranks';
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

const LIVE = 0;
const ARCHIVED = 1;
const DEAD = 2;

/** Adds the words of one field of a row to `masks` (word → the columns it is in). */
function addWords(masks: Map<string, number>, bit: number, text: string | null): void {
  if (!text) return;
  for (const word of indexWords(text)) masks.set(word, (masks.get(word) ?? 0) | bit);
}

export interface LocalPage {
  rows: SearchRow[];
  total: number;
}

/**
 * The browser's search over its own copy of the user's contacts (docs/decisions/040, 047): the
 * same words as the server's index (folded by worker/domain/folding.ts, split as its tokenizer
 * splits), each query word a prefix of some word of the contact, ranked in the server's tiers
 * (search-page-queries.ts): 1 the folded full name starts with the query, 2 a name word (or a
 * word of its Latin spelling, ADR 084) starts with a query word, 3 company or title, 4 a handle,
 * 5 the rest; then the list's order.
 *
 * Words live in a sorted array of distinct words beside their postings (slot × 128 + the
 * columns it is in), so a prefix is a binary search and a walk. Matches are marked in typed
 * arrays by slot and ranked by integers (a tier and the slot's place in the order, SortRanks),
 * so "m", which matches most contacts, costs a walk of its postings and no row comparisons.
 * A change appends a slot and leaves the old one dead; all is built again when the dead
 * outnumber a quarter.
 */
export class LocalSearchIndex {
  private slots: (SearchRow | null)[] = [];
  private slotOf = new Map<string, number>();
  private postings = new Map<string, number[]>();
  private words: string[] = [];
  /** The postings of `words[i]`, so a walk reads no map. */
  private lists: number[][] = [];
  private unsorted: string[] = [];
  private dead = 0;
  private orders = new Map<ContactSort, SortRanks>();
  /** Per slot: live, archived (never a search's answer) or dead; read in place of the row in a search's loop. */
  private states: number[] = [];
  // Per slot, while one search runs: which query words it has, and in which columns.
  // Scratch space of a search, kept between searches: a key's search allocates next to nothing
  // (the garbage collector ran inside keys' frames, #49).
  private hits = new Uint32Array(0);
  private columns = new Uint8Array(0);
  private found = new Uint32Array(0);
  private masks = new Map<string, number>();

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
    this.states.push(row.priority === 'archived' ? ARCHIVED : LIVE);
    this.slotOf.set(row.id, slot);
    for (const ranks of this.orders.values()) ranks.add(slot);
    // One map for every row: a build of 50 000 makes none (docs/decisions/068).
    const masks = this.masks;
    masks.clear();
    addWords(masks, NAME, row.full_name);
    // The server's name column also holds the Latin spelling (ADR 084). A row a device saved before
    // it came has no such field (undefined, not null): spelled here by the function that wrote it.
    addWords(masks, NAME, row.name_latin !== undefined ? row.name_latin : latinName(row.name_sort));
    addWords(masks, COMPANY, row.company);
    addWords(masks, TITLE, row.title);
    addWords(masks, HANDLES, row.handles);
    for (const email of row.emails) addWords(masks, EMAILS, email);
    addWords(masks, PLACES, row.places);
    for (const tag of row.tags) addWords(masks, TAGS, tag);
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
    this.states[slot] = DEAD;
    this.slotOf.delete(id);
    this.dead++;
    for (const ranks of this.orders.values()) ranks.drop();
  }

  get(id: string): SearchRow | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : (this.slots[slot] ?? undefined);
  }

  /** Every live row, for saving and rebuilding. */
  *rows(): IterableIterator<SearchRow> {
    for (const row of this.slots) if (row) yield row;
  }

  /**
   * Sorts what was added since and ranks the contacts in `sort`, so the next search pays
   * neither; the build calls it between its chunks. `partly`, for a first build with pages
   * still to come (no search runs on it): only once what waits is a quarter of what is done,
   * so 25 pages copy the words and orders about 14 times instead of 25 (docs/decisions/068).
   */
  rankOrder(sort?: ContactSort, partly = false): void {
    if (this.dead > 1000 && this.dead * 4 > this.slots.length) {
      const live = [...this.rows()];
      const sorts = [...this.orders.keys()];
      this.slots = [];
      this.states = [];
      this.slotOf = new Map();
      this.postings = new Map();
      this.words = [];
      this.lists = [];
      this.unsorted = [];
      this.dead = 0;
      this.orders = new Map();
      for (const row of live) this.put(row);
      for (const kept of sorts) this.ranksOf(kept);
    }
    if (this.unsorted.length > 0 && (!partly || this.unsorted.length * 4 >= this.words.length)) this.mergeUnsorted();
    if (sort) this.ranksOf(sort).ranks(partly);
    this.ranksOf('name').ranks(partly);
  }

  /** Merges the new words into the sorted ones: one pass, never a sort of them all. */
  private mergeUnsorted(): void {
    const fresh = this.unsorted.sort();
    const words: string[] = new Array(this.words.length + fresh.length);
    const lists: number[][] = new Array(words.length);
    let [i, j] = [0, 0];
    // The old words' postings come along from `lists`: only a new word is looked up.
    for (let k = 0; k < words.length; k++) {
      if (j >= fresh.length || (i < this.words.length && this.words[i]! < fresh[j]!)) {
        words[k] = this.words[i]!;
        lists[k] = this.lists[i++]!;
      } else {
        words[k] = fresh[j]!;
        lists[k] = this.postings.get(fresh[j++]!)!;
      }
    }
    this.words = words;
    this.lists = lists;
    this.unsorted = [];
  }

  private ranksOf(sort: ContactSort): SortRanks {
    let ranks = this.orders.get(sort);
    if (!ranks) {
      ranks = new SortRanks(
        sort,
        () => this.slots,
        (slot) => this.states[slot] !== DEAD,
      );
      this.orders.set(sort, ranks);
    }
    return ranks;
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

  /** The words starting with `prefix` (indexes into `words`) and how many postings they hold. */
  private range(prefix: string): { from: number; to: number; postings: number } {
    const from = this.lowerBound(prefix);
    let [to, postings] = [from, 0];
    while (to < this.words.length && this.words[to]!.startsWith(prefix)) postings += this.lists[to++]!.length;
    return { from, to, postings };
  }

  /**
   * Tier 1, the contacts whose folded full name starts with the query, as a run of places in
   * the name order: a binary search, where testing each match cost "m" most of its time.
   */
  private namesStartingWith(phrase: string): { from: number; to: number; rank: Int32Array } {
    const names = this.ranksOf('name');
    const rank = names.ranks();
    const name = (slot: number) => this.slots[slot]!.name_sort;
    const from = names.firstPlace((slot) => compareText(name(slot), phrase) < 0);
    return { from, to: names.firstPlace((slot) => name(slot).startsWith(phrase), from), rank };
  }

  /**
   * The first `limit` matches of a search of the list, in the server's order, and how many
   * match; with `filter`, only the rows it keeps (the list's filters the index can apply,
   * local-filters.ts). Null when the local index cannot answer as the server would: a phone
   * number (phones are not kept here) or nothing to search for.
   */
  search(q: string, sort: ContactSort = '-score', limit = 50, filter?: RowFilter): LocalPage | null {
    const terms = parseSearch(q);
    if (!terms || terms.words.length === 0 || phoneDigits(q)) return null;
    this.rankOrder();
    const order = this.ranksOf(sort);
    const rank = order.ranks();
    const { from: firstName, to: afterNames, rank: nameRank } = this.namesStartingWith(terms.phrase);
    if (this.hits.length < this.slots.length) {
      this.hits = new Uint32Array(this.slots.length * 2);
      this.columns = new Uint8Array(this.slots.length * 2);
      this.found = new Uint32Array(this.slots.length * 2);
    }
    const { hits, columns, found: candidates, slots, lists, states } = this;
    // The rarest word first: only the contacts it finds are candidates for the others.
    const ranges = terms.words.map((word) => this.range(word)).sort((a, b) => a.postings - b.postings);
    let candidateCount = 0;
    ranges.forEach(({ from, to }, nth) => {
      const bit = 2 ** nth;
      for (let w = from; w < to; w++) {
        for (const posting of lists[w]!) {
          const slot = Math.floor(posting / FIELD_BITS);
          if (nth === 0) {
            if (hits[slot] === 0) candidates[candidateCount++] = slot;
          } else if (hits[slot] === 0) continue;
          hits[slot] = hits[slot]! | bit;
          columns[slot] = columns[slot]! | (posting % FIELD_BITS);
        }
      }
    });
    const all = 2 ** ranges.length - 1;
    const count = slots.length;
    // The page as integers, tier × count + place in the order, smallest first.
    const page: number[] = [];
    let total = 0;
    for (let c = 0; c < candidateCount; c++) {
      const slot = candidates[c]!;
      const mask = columns[slot]!;
      const found = hits[slot] === all;
      hits[slot] = 0;
      columns[slot] = 0;
      if (!found) continue;
      if (states[slot] !== LIVE && !(states[slot] === ARCHIVED && filter?.archived)) continue;
      if (filter && !filter.keeps(slots[slot]!)) continue;
      total++;
      const place = nameRank[slot]!;
      const tier = place >= firstName && place < afterNames ? 1 : mask & NAME ? 2 : mask & (COMPANY | TITLE) ? 3 : mask & HANDLES ? 4 : 5;
      const key = (tier - 1) * count + rank[slot]!;
      if (page.length === limit && key >= page[limit - 1]!) continue;
      let low = 0;
      let high = page.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (page[middle]! < key) low = middle + 1;
        else high = middle;
      }
      page.splice(low, 0, key);
      if (page.length > limit) page.pop();
    }
    return { rows: page.map((key) => slots[order.slotAt(key % count)]!), total };
  }
}
