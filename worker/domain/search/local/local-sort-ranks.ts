import type { ContactSort } from '../contact-sorts';
import { compareIds, LOCAL_ORDER, LOCAL_TEXT_KEY } from './local-order';
import type { SearchRow } from './search-row';

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
  /** Whether a slot was emptied since the last `ranks()`: else what is sorted is all kept as it is. */
  private dropped = false;
  /** Per slot, for an order that begins with text (LOCAL_TEXT_KEY): its key, made once, as a slot is never filled twice. */
  private keys: string[] = [];

  constructor(
    private readonly sort: ContactSort,
    private readonly slots: () => readonly (SearchRow | null)[],
    /** Whether a slot holds a contact; asked instead of the slot, as reading 50 000 rows from memory costs milliseconds. */
    private readonly holds: (slot: number) => boolean,
  ) {
    // Ranked from what the index already holds at the first `ranks()`.
    for (let slot = 0; slot < slots().length; slot++) if (holds(slot)) this.added.push(slot);
  }

  /** A slot was filled (a new contact or a changed one). */
  add(slot: number): void {
    this.added.push(slot);
    this.stale = true;
  }

  /** A slot was emptied: it drops out at the next `ranks()`. */
  drop(): void {
    this.stale = true;
    this.dropped = true;
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

  /** How two slots compare: by their keys where the order has them (made here for the slots just added), else by their rows. */
  private comparison(slots: readonly (SearchRow | null)[], added: number[]): (x: number, y: number) => number {
    const keyOf = LOCAL_TEXT_KEY[this.sort];
    if (!keyOf) {
      const order = LOCAL_ORDER[this.sort];
      return (x, y) => order(slots[x]!, slots[y]!);
    }
    const keys = this.keys;
    for (const slot of added) keys[slot] = keyOf(slots[slot]!);
    return (x, y) => {
      const [a, b] = [keys[x]!, keys[y]!];
      return a < b ? -1 : a > b ? 1 : compareIds(slots[x]!, slots[y]!);
    };
  }

  /**
   * Each slot's place in the order (undefined for empty slots). `partly`: leaves the order as
   * it was (and the places returned stale) until what was added is a quarter of what is sorted.
   */
  ranks(partly = false): Int32Array {
    if (!this.stale || (partly && this.added.length * 4 < this.sorted.length)) return this.rank;
    const slots = this.slots();
    const added = this.added.filter(this.holds);
    const compare = this.comparison(slots, added);
    added.sort(compare);
    if (this.sorted.length === 0) this.sorted = added;
    else {
      // Slots are never filled twice (a change takes a new one), so what was added is not here
      // yet. Each goes in at a binary search and the rest is copied: a compare reads two rows
      // from memory, so a build in slices must not compare what it holds at every slice.
      // A first build empties no slot: its pages skip a walk of everything sorted so far.
      const kept = this.dropped ? this.sorted.filter(this.holds) : this.sorted;
      const merged: number[] = [];
      let from = 0;
      for (const slot of added) {
        let [low, high] = [from, kept.length];
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (compare(kept[middle]!, slot) <= 0) low = middle + 1;
          else high = middle;
        }
        for (let i = from; i < low; i++) merged.push(kept[i]!);
        merged.push(slot);
        from = low;
      }
      for (let i = from; i < kept.length; i++) merged.push(kept[i]!);
      this.sorted = merged;
    }
    if (this.rank.length < slots.length) this.rank = new Int32Array(Math.max(slots.length, this.rank.length * 2));
    for (let place = 0; place < this.sorted.length; place++) this.rank[this.sorted[place]!] = place;
    this.added = [];
    this.stale = false;
    this.dropped = false;
    return this.rank;
  }
}
