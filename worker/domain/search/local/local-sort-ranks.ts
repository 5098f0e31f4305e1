import type { ContactSort } from '../contact-sorts';
import { LOCAL_ORDER } from './local-order';
import type { SearchRow } from './search-row';

// Above this many contacts added since the last ranking, sorting all again beats inserting each.
const INSERT_AT_MOST = 2_000;

/**
 * Every live slot's place in one of the list's orders, so a search ranks its matches by
 * comparing integers instead of rows (a one-letter search matches tens of thousands). Kept
 * current by inserting what changed (a binary search each) rather than sorting all again.
 */
export class SortRanks {
  /** Live slots in the order, as of the last `ranks()`. */
  private sorted: number[] = [];
  private added: number[] = [];
  private rank = new Int32Array(0);
  private stale = true;

  constructor(
    private readonly sort: ContactSort,
    private readonly slots: () => readonly (SearchRow | null)[],
    /** Whether a slot holds a contact; asked instead of the slot, as reading 50 000 rows from memory costs milliseconds. */
    private readonly holds: (slot: number) => boolean,
  ) {}

  /** A slot was filled (a new contact or a changed one). */
  add(slot: number): void {
    this.added.push(slot);
    this.stale = true;
  }

  /** A slot was emptied: it drops out at the next `ranks()`. */
  drop(): void {
    this.stale = true;
  }

  /** How many places the order has (as of the last `ranks()`). */
  get length(): number {
    return this.sorted.length;
  }

  /** The first place from `low` where `before(slot)` is false: a binary search, `before` true up to some place. */
  firstPlace(before: (slot: number) => boolean, low = 0): number {
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.sorted[middle]!)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The slot at a place in the order. */
  slotAt(place: number): number {
    return this.sorted[place]!;
  }

  /** Each slot's place in the order (undefined for empty slots). */
  ranks(): Int32Array {
    if (!this.stale) return this.rank;
    const slots = this.slots();
    const order = LOCAL_ORDER[this.sort];
    const compare = (x: number, y: number) => order(slots[x]!, slots[y]!);
    const added = this.added.filter(this.holds);
    if (this.sorted.length === 0 || added.length > INSERT_AT_MOST) {
      this.sorted = [];
      for (let slot = 0; slot < slots.length; slot++) if (this.holds(slot)) this.sorted.push(slot);
      this.sorted.sort(compare);
    } else {
      // Slots are never filled twice (a change takes a new one), so what was added is not here yet.
      this.sorted = this.sorted.filter(this.holds);
      for (const slot of added) {
        let [low, high] = [0, this.sorted.length];
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (compare(this.sorted[middle]!, slot) < 0) low = middle + 1;
          else high = middle;
        }
        this.sorted.splice(low, 0, slot);
      }
    }
    if (this.rank.length < slots.length) this.rank = new Int32Array(Math.max(slots.length, this.rank.length * 2));
    for (let place = 0; place < this.sorted.length; place++) this.rank[this.sorted[place]!] = place;
    this.added = [];
    this.stale = false;
    return this.rank;
  }
}
