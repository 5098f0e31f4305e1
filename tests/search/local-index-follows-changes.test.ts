import { describe, expect, it } from 'vitest';
import { nameKeys } from '../../worker/domain/contacts/latin-name';
import { foldedWords, foldText } from '../../worker/domain/folding';
import { CONTACT_SORTS, type ContactSort } from '../../worker/domain/search/contact-sorts';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import { LOCAL_ORDER } from '../../worker/domain/search/local/local-order';
import type { SearchRow } from '../../worker/domain/search/local/search-row';
import { parseSearch } from '../../worker/domain/search/search-terms';
import { seededRandom } from '../support/seeded-random';

// The local index ranks by each contact's place in the list's order and keeps those places as
// changes arrive (ADR 047): a sync that changes a score, renames someone, archives or deletes
// them must move them in the next search, as the server would. Checked against the rule itself
// (every query word a prefix of a word; tiers; then the order), run over every row.

const NAMES = ['Mara', 'Marek', 'Ada', 'Ørsted', 'Zoë', 'Milan', 'Amos', 'Мария', 'Ma', 'Anaïs', '𝔐ax', 'Ｍia'];
const WORDS = ['marsh', 'analytics', 'mentor', 'lisbon', 'manager', 'atlas', null];

function row(id: number, pick: () => number): SearchRow {
  const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
  const name = `${one(NAMES)} ${one(NAMES)}`;
  return {
    id: `c${String(id).padStart(4, '0')}`,
    full_name: name,
    name_sort: foldText(name),
    name_latin: nameKeys(name).nameLatin,
    company: one(WORDS),
    company_name: null,
    company_id: null,
    title: one(WORDS),
    handles: pick() < 0.3 ? `${one(NAMES).toLowerCase()}${id}` : null,
    emails: pick() < 0.5 ? [`m${id}@atlas.io`] : [],
    places: one(WORDS),
    tags: pick() < 0.3 ? [String(one(WORDS) ?? 'x')] : [],
    priority: pick() < 0.1 ? 'archived' : one(['high', 'medium', 'low'] as const),
    relationship_score: Math.floor(pick() * 4),
    next_due: pick() < 0.5 ? `2026-12-0${1 + Math.floor(pick() * 3)}` : null,
    created_at: `2026-0${1 + Math.floor(pick() * 3)}-01T00:00:00Z`,
    last_interaction_at: pick() < 0.5 ? `2026-1${Math.floor(pick() * 3)}-01` : null,
    connected_on: pick() < 0.3 ? '2025-01-01' : null,
  };
}

const words = (text: string | null) => foldedWords(foldText(text ?? ''));
const seen = new WeakMap<SearchRow, { name: string[]; work: string[]; handles: string[]; all: string[] }>();
function wordsOf(r: SearchRow) {
  let found = seen.get(r);
  if (!found) {
    // A name's words and its Latin spelling's (ADR 084: "Мария" is also "mariia", "Ørsted" "orsted").
    const name = [...words(r.full_name), ...words(r.name_latin ?? null)];
    const [work, handles] = [[...words(r.company), ...words(r.title)], words(r.handles)];
    const all = [...name, ...work, ...handles, ...words(r.emails.join(' ')), ...words(r.places), ...words(r.tags.join(' '))];
    found = { name, work, handles, all };
    seen.set(r, found);
  }
  return found;
}

/** The rule, row by row: what the index must answer. */
function expected(rows: SearchRow[], q: string, sort: ContactSort, limit: number) {
  const terms = parseSearch(q)!;
  const ranked = rows.flatMap((r) => {
    if (r.priority === 'archived') return [];
    const { name, work, handles, all } = wordsOf(r);
    const has = (list: string[]) => terms.words.some((w) => list.some((x) => x.startsWith(w)));
    if (!terms.words.every((w) => all.some((x) => x.startsWith(w)))) return [];
    const tier = r.name_sort.startsWith(terms.phrase) ? 1 : has(name) ? 2 : has(work) ? 3 : has(handles) ? 4 : 5;
    return [{ r, tier }];
  });
  ranked.sort((a, b) => a.tier - b.tier || LOCAL_ORDER[sort](a.r, b.r));
  return { ids: ranked.slice(0, limit).map((x) => x.r.id), total: ranked.length };
}

const QUERIES = ['m', 'ma', 'mar', 'a', 'mari', 'ma a', 'atlas', '@mil', 'ørs', 'ors', 'мар', '𝔐', 'm1', 'mariia', 'orsted'];

describe('the local index follows changes', () => {
  it('answers as the rule does after scores, names and priorities change, contacts go and come', () => {
    const pick = seededRandom(47);
    const live = new Map<string, SearchRow>();
    for (let i = 0; i < 1500; i++) {
      const first = row(i, pick);
      live.set(first.id, first);
    }
    const index = new LocalSearchIndex(live.values());
    const check = (round: string) => {
      for (const sort of CONTACT_SORTS) {
        for (const q of QUERIES) {
          const page = index.search(q, sort, 20)!;
          expect({ round, q, sort, ids: page.rows.map((r) => r.id), total: page.total }).toEqual({
            round,
            q,
            sort,
            ...expected([...live.values()], q, sort, 20),
          });
        }
      }
    };
    check('built');
    // A few changes between searches (a 30 s sync), then many (a first sync after a week away):
    // the second pass empties more than a quarter of the slots, so the index is built again.
    for (const [round, changes] of [
      ['a few', 40],
      ['many', 2600],
    ] as const) {
      for (let i = 0; i < changes; i++) {
        const id = `c${String(Math.floor(pick() * 1700)).padStart(4, '0')}`;
        if (pick() < 0.15) {
          index.remove(id);
          live.delete(id);
        } else {
          const next = { ...row(Number(id.slice(1)), pick), id };
          index.put(next);
          live.set(id, next);
        }
      }
      check(round);
    }
    expect(index.size).toBe(live.size);
  });
});
