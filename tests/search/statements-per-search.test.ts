import { describe, expect, it } from 'vitest';
import { listContacts } from '../../worker/domain/search/list-contacts';
import { signUp } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { countedDeps } from '../scale/write-counter';

// What one search asks of D1, as the bench's searches do (issue 49: "one statement per search").
// A search's time on the EPYC machine is mostly fixed cost per statement and per round trip,
// so these counts are its budget that does not depend on the machine's load.
const PAGE = { page: 1, pageSize: 50 };

async function costOf(me: { user: { id: string } }, q: string) {
  const { deps, count } = await countedDeps(me);
  const page = await listContacts(deps.db, me.user.id, { q }, PAGE);
  return { total: page.total, shown: page.items.length, queries: count.queries, calls: count.calls, rowsRead: count.rowsRead };
}

describe('statements per search', () => {
  it('reads a one-word search in one statement and its page of contacts in one more round trip', async () => {
    const me = await signUp();
    const names = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => ({ name: name(i) }));
    await seedContacts(me.user.id, [
      ...names(400, (i) => `Ada Lovelace${i}`),
      ...names(100, (i) => `Quinn Marsh${i}`),
      ...names(300, (i) => `Marco Polo${i}`),
    ]);
    const dense = await costOf(me, 'lovelace');
    expect(dense).toMatchObject({ total: 400, shown: 50 });
    // The page and its total: one statement; the page's contacts with their emails, phones, tags
    // and companies: one batch of four. A count of its own, or a statement per tier, fails here.
    expect(dense).toMatchObject({ calls: 2, queries: 5 });
    expect(await costOf(me, 'quinn')).toMatchObject({ total: 100, calls: 2, queries: 5 });
    // No match: the page, then the probe for close spellings.
    expect(await costOf(me, 'zzqxwv')).toMatchObject({ total: 0, calls: 2, queries: 2 });
    // A typo: the page as typed, the close spellings, the page with them, its contacts.
    expect(await costOf(me, 'lovelase')).toMatchObject({ calls: 4, queries: 7 });
    // Rows read. No name starts with "lovelace", and the names holding it fill the page: the page
    // is those names sorted, with no ranking of every match against every tier, which read each
    // match about eleven times (4 356 rows for these 400; 2 804 now, with the page's views).
    expect(dense.rowsRead).toBeLessThanOrEqual(7.5 * dense.total);
    // "mar": 300 names start with it (tier 1, found by the name index's range), 100 more hold it
    // (Marsh). The page is tier 1's, sorted (6 055 rows read before, ranking all 400).
    const prefix = await costOf(me, 'mar');
    expect(prefix).toMatchObject({ total: 400, shown: 50, calls: 2, queries: 5 });
    expect(prefix.rowsRead).toBeLessThanOrEqual(7 * prefix.total);
  });
});
