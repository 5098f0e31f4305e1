import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiQueryParams,
  DUE_OPTIONS,
  mapFilterParams,
  PRIORITY_OPTIONS,
  readListState,
  SORT_OPTIONS,
  SOURCE_OPTIONS,
} from '../../app/contacts/list/list-state';
import { as, signUp, type Session } from '../support/client';
import { hostileString } from './hostile-values';

// The /contacts page reads its URL leniently (app/contacts/list/list-state.ts: what it cannot
// use, it drops) and passes the result on to the API: "select all matching" asks
// /contacts/ids, "show on map" the map. Both readers follow one set of bounds
// (worker/domain/search/contact-list-limits.ts); this checks that whatever a URL holds, the
// page never sends the API a query the API refuses.

const KEYS = ['q', 'place', 'bbox', 'tag', 'source', 'priority', 'score_min', 'score_max', 'due', 'sort', 'page', 'page_size'];
const usable = fc.constantFrom(
  ...SOURCE_OPTIONS.map((o) => o.value),
  ...PRIORITY_OPTIONS.map((o) => o.value),
  ...SORT_OPTIONS.map((o) => o.value),
  ...DUE_OPTIONS.map((o) => o.value),
  'investor',
  ' spaced tag ',
  't'.repeat(64),
  't'.repeat(65),
  '0',
  '10',
  '7.5',
  '-180,-90,180,90',
  `${'1.'.padEnd(120, '0')},0,2,1`,
  'Tokyo',
);
const KEY_OF = new Map<string, string>([
  ...SOURCE_OPTIONS.map((o) => [o.value, 'source'] as [string, string]),
  ...PRIORITY_OPTIONS.map((o) => [o.value, 'priority'] as [string, string]),
  ...DUE_OPTIONS.map((o) => [o.value, 'due'] as [string, string]),
]);
const urlOfPage = fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(usable, hostileString)), { maxLength: 40 });

describe('the page and the API read the list query by the same rules', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
  });

  it('sends the API only what it takes, from any URL', async () => {
    await fc.assert(
      fc.asyncProperty(urlOfPage, async (pairs) => {
        const state = readListState(new URLSearchParams(pairs));
        const selectAll = await as(me, `/api/v1/contacts/ids?${apiQueryParams(state, 'Europe/Lisbon')}`);
        expect(selectAll.status, `select all: ${await selectAll.clone().text()}`).toBe(200);
        const list = await as(me, `/api/v1/contacts?${apiQueryParams(state, 'Europe/Lisbon')}`);
        expect(list.status, `list: ${await list.clone().text()}`).toBe(200);
        const map = await as(me, `/api/v1/contacts/map?bbox=-180,-90,180,90&${mapFilterParams(state, 'Europe/Lisbon')}`);
        expect(map.status, `map: ${await map.clone().text()}`).toBe(200);
      }),
      // Every option on its own too: random pairs reach a given one only now and then.
      {
        numRuns: 60,
        examples: [...SOURCE_OPTIONS, ...PRIORITY_OPTIONS, ...SORT_OPTIONS, ...DUE_OPTIONS].map(
          (o) => [[[KEY_OF.get(o.value) ?? 'sort', o.value]]] as [[string, string][]],
        ),
      },
    );
  }, 60_000);
});
