import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SORTS } from '../../worker/domain/search/contact-sorts';
import { as, json, signUp, type Session } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { SORT_SQL } from '../support/list-order';
import { userD1 } from '../support/stores';

// A filtered page is read one of three ways, chosen from the filter's total: a filter that holds
// many walks the sort's index, a tag that holds few drives from its rows, else SQLite plans it.
// Each way must give the page the list promises (API.md: the sort, then the id). Compared here
// with the same order read with no index at all, for filters on either side of the choice.

const CONTACTS = 3000;
const ORDER = SORT_SQL;

/** [query string, the same filter in SQL on `contacts`] */
const FILTERS: [string, string][] = [
  ['score_min=1', "relationship_score >= 1 AND priority != 'archived'"],
  ['score_min=4&score_max=6', "relationship_score BETWEEN 4 AND 6 AND priority != 'archived'"],
  ['score_min=10', "relationship_score >= 10 AND priority != 'archived'"],
  ['priority=high', "priority = 'high'"],
  ['priority=archived&priority=low', "priority IN ('archived', 'low')"],
  ['tag=common', "priority != 'archived' AND id IN (SELECT contact_id FROM contact_tags WHERE tag_norm = 'common')"],
  ['tag=rare', "priority != 'archived' AND id IN (SELECT contact_id FROM contact_tags WHERE tag_norm = 'rare')"],
  [
    'tag=common&priority=medium&score_min=2',
    "priority = 'medium' AND relationship_score >= 2 AND id IN (SELECT contact_id FROM contact_tags WHERE tag_norm = 'common')",
  ],
];

describe('contact list pages, however they are read', () => {
  let me: Session;
  let db: D1Database;

  beforeAll(async () => {
    me = await signUp();
    db = await userD1(me);
    const priorities = ['high', 'medium', 'medium', 'low', 'archived'] as const;
    // Scores cluster (most contacts 1–6), names and dates repeat: ties are ordered by id.
    const ids = await seedContacts(
      me.user.id,
      Array.from({ length: CONTACTS }, (_, i) => ({
        name: `Person ${String((i * 7919) % 997).padStart(3, '0')}`,
        score: [0, 1, 2, 3, 3, 4, 5, 5, 6, 9][i % 10]!,
        priority: priorities[(i * 31) % priorities.length]!,
      })),
    );
    await db
      .prepare(
        `UPDATE contacts SET created_at = '2026-0' || (1 + rowid % 9) || '-01T00:00:00.000Z',
           last_interaction_at = CASE WHEN rowid % 3 = 0 THEN NULL ELSE '2026-10-' || (10 + rowid % 20) || 'T00:00:00.000Z' END,
           connected_on = CASE WHEN rowid % 4 = 0 THEN NULL ELSE '2025-0' || (1 + rowid % 9) || '-15' END,
           next_due = CASE WHEN rowid % 5 = 0 THEN NULL ELSE '2026-12-' || (10 + rowid % 15) END
         WHERE user_id = ?`,
      )
      .bind(me.user.id)
      .run();
    const common = ids.filter((_, i) => i % 10 !== 3);
    const rare = [ids[5]!, ids[500]!, ids[2001]!];
    for (const [tag, tagged] of [
      ['common', common],
      ['rare', rare],
    ] as const) {
      const res = await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: tagged, action: 'add_tags', value: [tag] } });
      expect(res.status).toBe(200);
    }
  });

  async function expected(filter: string, sort: keyof typeof ORDER, page: number): Promise<{ ids: string[]; total: number }> {
    const [rows, count] = await db.batch<{ id?: string; n?: number }>([
      db
        .prepare(`SELECT id FROM contacts NOT INDEXED WHERE user_id = ? AND ${filter} ORDER BY ${ORDER[sort]} LIMIT 50 OFFSET ?`)
        .bind(me.user.id, (page - 1) * 50),
      db.prepare(`SELECT count(*) AS n FROM contacts NOT INDEXED WHERE user_id = ? AND ${filter}`).bind(me.user.id),
    ]);
    return { ids: rows!.results.map((r) => r.id!), total: count!.results[0]!.n! };
  }

  it('gives every filter, dense or sparse, its page and total in every sort', async () => {
    for (const [query, filter] of FILTERS) {
      for (const sort of CONTACT_SORTS) {
        for (const page of [1, 4]) {
          const res = await as(me, `/api/v1/contacts?${query}&sort=${sort}&page=${page}&page_size=50`);
          expect(res.status).toBe(200);
          const body = await json(res);
          const want = await expected(filter, sort, page);
          const where = `${query}&sort=${sort}&page=${page}`;
          expect(body.meta.total, where).toBe(want.total);
          expect(
            body.data.map((c: { id: string }) => c.id),
            where,
          ).toEqual(want.ids);
        }
      }
    }
  });

  it('holds a filter of thousands on both sides of the choice', async () => {
    // The dense side (a walk of the order's index) needs a total past the shortcut's threshold.
    expect((await expected(FILTERS[0]![1], 'name', 1)).total).toBeGreaterThan(2000);
    expect((await expected(FILTERS[6]![1], 'name', 1)).total).toBeLessThan(5);
  });
});
