import { describe, expect, it } from 'vitest';
import { slotsFor } from '../../app/contacts/list/row-slots';

// The contact list's row keys (#49, docs/decisions/081): a contact still listed keeps its row,
// a contact newly listed takes a row that was left, so a key updates rows instead of building them.
const keysOf = (slots: ReadonlyMap<string, number>, ids: string[]) => ids.map((id) => slots.get(id));

describe('recycled row keys', () => {
  it('keeps the row of a contact still listed, wherever it moves', () => {
    const before = slotsFor(new Map(), ['ada', 'alan', 'grace']);
    const after = slotsFor(before, ['grace', 'ada']);
    expect(after.get('grace')).toBe(before.get('grace'));
    expect(after.get('ada')).toBe(before.get('ada'));
  });

  it('gives newly listed contacts the rows that were left, in their order, before any new row', () => {
    const before = slotsFor(new Map(), ['ada', 'alan', 'grace']);
    const after = slotsFor(before, ['marie', 'alan', 'olga', 'lovisa']);
    expect(keysOf(after, ['marie', 'alan', 'olga'])).toEqual(keysOf(before, ['ada', 'alan', 'grace']));
    expect(after.get('lovisa')).toBe(3);
  });

  it('never gives two contacts the same row', () => {
    let slots = new Map<string, number>();
    const lists = [['a', 'b', 'c'], ['d'], ['e', 'a', 'f', 'g'], ['g', 'h', 'i', 'b', 'c'], [], ['a', 'b']];
    for (const ids of lists) {
      slots = slotsFor(slots, ids);
      expect(new Set(keysOf(slots, ids)).size).toBe(ids.length);
    }
  });
});
