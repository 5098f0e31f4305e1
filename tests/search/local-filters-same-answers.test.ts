import { beforeAll, describe, expect, it } from 'vitest';
import { applyInSlices } from '../../app/search-index/build-in-slices';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { rowFilterOf, type LocalFilters } from '../../worker/domain/search/local/local-filters';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { setContactColumns } from '../support/contact-fixtures';
import { untilEveryPlaceGeocoded } from '../support/geocoded';
import { readSearchIndexFeed } from '../support/search-index-pages';
import { seededRandom } from '../support/seeded-random';

// Issue 49, "Search results work offline" (ADR 068): offline with list filters on, the contact
// list filters this device's rows itself. Tags, place, priority, score and due must let through
// exactly the contacts the server's filters do, or the offline list shows people the filter
// excludes. A seeded network written through the API, the rows GET /search-index serves fed to
// the browser's index, then every query under generated filters through both: the same
// contacts, the same count, and the first page in the same order.

const NAMES = ['Mara Lindqvist', 'Marek Nowak', 'Ada Marsh', 'Zoë Müller', 'Milan Ørsted', 'Anaïs Martin', 'José Núñez'];
const PLACES = ['Lisbon, Portugal', 'Berlin', 'São Paulo', 'New York', 'Lisboa', null];
const TAGS = ['investor', 'Friend', 'lisbon-trip', 'café'];
const CADENCES = [null, { every: 1, unit: 'day' }, { every: 3, unit: 'day' }, { every: 1, unit: 'month' }] as const;

function filtersOf(pick: () => number, today: string): LocalFilters[] {
  const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
  const fixed: LocalFilters[] = [
    { tags: ['investor'], place: '', priorities: [], scoreMin: null, scoreMax: null, dueBy: null },
    // Tags compare as the server's tag_norm: trimmed, lower-cased.
    { tags: ['friend', 'CAFÉ'], place: '', priorities: [], scoreMin: null, scoreMax: null, dueBy: null },
    { tags: [], place: 'lisb', priorities: [], scoreMin: null, scoreMax: null, dueBy: null },
    { tags: [], place: 'sao paulo', priorities: [], scoreMin: null, scoreMax: null, dueBy: null },
    { tags: [], place: '', priorities: ['archived'], scoreMin: null, scoreMax: null, dueBy: null },
    { tags: [], place: '', priorities: ['high', 'archived'], scoreMin: 2, scoreMax: null, dueBy: null },
    { tags: [], place: '', priorities: [], scoreMin: 1, scoreMax: 3, dueBy: null },
    { tags: [], place: '', priorities: [], scoreMin: null, scoreMax: null, dueBy: today },
    { tags: [], place: '', priorities: [], scoreMin: null, scoreMax: null, dueBy: addDays(today, 7) },
    { tags: [], place: '', priorities: [], scoreMin: null, scoreMax: null, dueBy: '2200-12-31' },
  ];
  const drawn = Array.from({ length: 20 }, () => ({
    tags: TAGS.filter(() => pick() < 0.3),
    place: pick() < 0.3 ? one(['lisb', 'berlin', 'new', 'paulo']) : '',
    priorities: (['high', 'medium', 'low', 'archived'] as const).filter(() => pick() < 0.3),
    scoreMin: pick() < 0.3 ? one([0, 1, 2.5]) : null,
    scoreMax: pick() < 0.3 ? one([3, 5, 8]) : null,
    dueBy: pick() < 0.3 ? one([today, addDays(today, 7), '2200-12-31']) : null,
  }));
  return [...fixed, ...drawn];
}

function serverQuery(q: string, filters: LocalFilters, sort: string): string {
  const params = new URLSearchParams({ q, sort, page_size: '20' });
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.place) params.set('place', filters.place);
  for (const priority of filters.priorities) params.append('priority', priority);
  if (filters.scoreMin !== null) params.set('score_min', String(filters.scoreMin));
  if (filters.scoreMax !== null) params.set('score_max', String(filters.scoreMax));
  if (filters.dueBy !== null) params.set('due_by', filters.dueBy);
  return params.toString();
}

describe('offline list filters from the local index (issue 49)', () => {
  let me: Session;
  const index = new LocalSearchIndex();
  const pick = seededRandom(6868);

  beforeAll(async () => {
    me = await signUp();
    const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
    for (let i = 0; i < 60; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const [first, last] = one(NAMES).split(' ');
          const cadence = one(CADENCES);
          // Drawn before the first await, so each contact's draws do not depend on which request ends first.
          const priority = one(['high', 'medium', 'low', 'archived'] as const);
          const score = one([0, 1, 2, 2, 3, 5, 8]);
          const contact = await createContact(me, {
            first_name: first,
            last_name: last,
            location: one(PLACES),
            tags: TAGS.filter(() => pick() < 0.25),
            ...(cadence ? { cadence } : {}),
          });
          await setContactColumns(me, contact.id, { relationship_score: score, priority });
        }),
      );
    }
    // A place is words of the index once geocoded (a queue job, which may end after the last
    // write): the rows are read after that, or the server matches words the device has not heard of.
    await untilEveryPlaceGeocoded(me);
    await applyInSlices(index, (await readSearchIndexFeed(me)).changes, '-score', () => false);
  }, 60_000);

  it('lets through the contacts the server’s filters do, in the server’s order', async () => {
    const today = localDate(new Date(), 'UTC');
    const differ = [];
    let compared = 0;
    for (const filters of filtersOf(pick, today)) {
      for (const q of ['m', 'mar', 'a', 'nunez', 'ørs']) {
        for (const sort of ['-score', 'name'] as const) {
          const local = index.search(q, sort, 20, rowFilterOf(filters))!;
          const res = await as(me, `/api/v1/contacts?${serverQuery(q, filters, sort)}`);
          expect(res.status).toBe(200);
          const server = await json<{ data: { id: string }[]; meta: { total: number; exact_total?: number } }>(res);
          const ids = server.data.slice(0, server.meta.exact_total ?? server.data.length).map((c) => c.id);
          compared++;
          const mine = { ids: local.rows.map((r) => r.id), total: local.total };
          const theirs = { ids, total: server.meta.exact_total ?? server.meta.total };
          if (JSON.stringify(mine) !== JSON.stringify(theirs)) differ.push({ q, sort, filters, mine, theirs });
        }
      }
    }
    expect(compared).toBe(300);
    expect(differ).toEqual([]);
  }, 120_000);
});
