import { describe, expect, it } from 'vitest';
import { applyInSlices, asChanges } from '../../app/search-index/build-in-slices';
import { foldText } from '../../worker/domain/folding';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRow } from '../../worker/domain/search/local/search-row';

// The device's index is built in slices that give the page its turn between them (ADR 047):
// built so, it answers as one built at once, and a build dropped between slices (sign-out,
// another person signing in) stops there instead of filling an index nobody reads.

const NAMES = ['Mara Lovelace', 'Marek Ng', 'Ada Marsh', 'Zoë Müller', 'Milan Ørsted', 'Anaïs Smith'];

function rows(count: number): SearchRow[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${NAMES[i % NAMES.length]} ${i}`;
    return {
      id: `c${String(i).padStart(5, '0')}`,
      full_name: name,
      name_sort: foldText(name),
      name_latin: null,
      company: i % 3 ? 'Marsh & Co' : null,
      company_name: null,
      company_id: null,
      title: i % 4 ? 'Founder' : null,
      handles: null,
      emails: [],
      places: i % 5 ? 'Lisbon' : null,
      tags: [],
      priority: i % 11 ? 'medium' : 'archived',
      relationship_score: (i * 7) % 10,
      next_due: null,
      created_at: '2026-01-01T00:00:00Z',
      last_interaction_at: null,
      connected_on: null,
    };
  });
}

describe('the local index built in slices', () => {
  it('answers as an index built at once', async () => {
    const all = rows(6000);
    const sliced = new LocalSearchIndex();
    expect(await applyInSlices(sliced, asChanges(all), '-score', () => false)).toBe(true);
    // A first build's pages leave the orders and words waiting until the last (docs/decisions/068).
    const paged = new LocalSearchIndex();
    for (let from = 0; from < all.length; from += 500) {
      await applyInSlices(paged, asChanges(all.slice(from, from + 500)), '-score', () => false, from + 500 < all.length);
      // Searched half built (it is not, in the app), it still answers for what it holds.
      if (from === 2500) expect(paged.search('ma', 'name', 40)).toEqual(new LocalSearchIndex(all.slice(0, 3000)).search('ma', 'name', 40));
    }
    const atOnce = new LocalSearchIndex(all);
    for (const sort of ['-score', 'name', 'created_at'] as const) {
      for (const q of ['m', 'ma', 'mar', 'a', 'lisbon', 'founder m', '17']) {
        const ids = (index: LocalSearchIndex) => index.search(q, sort, 30)!;
        expect(ids(sliced).rows.map((r) => r.id)).toEqual(ids(atOnce).rows.map((r) => r.id));
        expect(ids(sliced).total).toBe(ids(atOnce).total);
        expect(ids(paged).rows.map((r) => r.id)).toEqual(ids(atOnce).rows.map((r) => r.id));
        expect(ids(paged).total).toBe(ids(atOnce).total);
      }
    }
  });

  it('stops between slices once the build is dropped', async () => {
    const index = new LocalSearchIndex();
    let turns = 0;
    // Dropped at the first turn it gives the page: the rows after that slice are never put.
    const done = await applyInSlices(index, asChanges(rows(50_000)), '-score', () => ++turns > 0);
    expect(done).toBe(false);
    expect(turns).toBe(1);
    expect(index.size).toBeGreaterThan(0);
    expect(index.size).toBeLessThan(50_000);
  });
});
