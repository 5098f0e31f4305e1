import { beforeAll, describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { CONTACT_SORTS } from '../../worker/domain/search/contact-sorts';
import { SORT_SQL } from '../support/list-order';
import { userD1 } from '../support/stores';

// A one-letter search in a large network: more full names start with it than any page holds,
// so those names are the pages (DENSE_NAME_PREFIX), read in the chosen order.
const M_NAMES = 2100;

type Page = { data: { full_name: string; relationship_score: number }[]; meta: { total: number } };
const search = async (me: Session, query: string) => json<Page>(await as(me, `/api/v1/contacts?${query}`));

/** The page is in descending score order, starting at `top`. */
function expectBestScoredFirst(page: Page, top: number) {
  const scores = page.data.map((c) => c.relationship_score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  expect(scores[0]).toBe(top);
}

describe('a one-letter search over thousands of names', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    const mNames = Array.from({ length: M_NAMES }, (_, i) => ({
      name: `M${String(i).padStart(4, '0')} Person`,
      score: ((i * 37) % 100) / 10,
    }));
    await seedContacts(me.user.id, [
      ...mNames,
      // Better scored, matching "m" only by their title: they come after every full-name match.
      { name: 'Zed Title', score: 10 },
      { name: 'Yan Title', score: 10 },
      // Archived: never listed unless asked for.
      { name: 'Mallory Archived', score: 10, priority: 'archived' },
    ]);
    await (
      await userD1(me)
    )
      .prepare(`UPDATE contacts SET title = 'Managing partner' WHERE user_id = ? AND full_name LIKE '% Title'`)
      .bind(me.user.id)
      .run();
  });

  it('lists the full-name matches first, best scored first, and counts every match', async () => {
    const page = await search(me, 'q=m');
    expect(page.meta.total).toBe(M_NAMES + 2);
    expect(page.data).toHaveLength(50);
    expect(page.data.every((c) => c.full_name.startsWith('M') && c.full_name !== 'Mallory Archived')).toBe(true);
    expectBestScoredFirst(page, 9.9);
  });

  it('pages through them in name order without gaps or repeats', async () => {
    const first = await search(me, 'q=m&sort=name&page_size=100');
    const second = await search(me, 'q=m&sort=name&page_size=100&page=2');
    const names = [...first.data, ...second.data].map((c) => c.full_name);
    expect(names).toEqual(Array.from({ length: 200 }, (_, i) => `M${String(i).padStart(4, '0')} Person`));
  });

  it('still reaches the title matches on the last page', async () => {
    const last = await search(me, `q=m&sort=name&page_size=100&page=${Math.ceil((M_NAMES + 2) / 100)}`);
    expect(last.data.map((c) => c.full_name).slice(-2)).toEqual(['Yan Title', 'Zed Title']);
  });

  it('lists an archived name when the priority filter asks for it', async () => {
    const archived = await search(me, 'q=m&priority=archived');
    expect(archived.data.map((c) => c.full_name)).toEqual(['Mallory Archived']);
  });
});

describe('a one-word search matching thousands of titles and no name', () => {
  const TITLES = 2100;
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    const people = Array.from({ length: TITLES }, (_, i) => ({
      name: `Person ${String(i).padStart(4, '0')}`,
      score: ((i * 37) % 100) / 10,
    }));
    await seedContacts(me.user.id, [
      ...people,
      { name: 'Noted Highscore', score: 10 },
      { name: 'Archived Engineer', score: 10, priority: 'archived' },
    ]);
    await (
      await userD1(me)
    )
      .prepare(
        `UPDATE contacts SET title = 'Quantum engineer' WHERE user_id = ? AND full_name LIKE 'Person %' OR full_name = 'Archived Engineer'`,
      )
      .bind(me.user.id)
      .run();
    await (
      await userD1(me)
    )
      .prepare(`UPDATE contacts SET notes = 'Talked about quantum computing' WHERE user_id = ? AND full_name = 'Noted Highscore'`)
      .bind(me.user.id)
      .run();
  });

  it('lists the title matches first, best scored first, and the note match after them all', async () => {
    const page = await search(me, 'q=quantum');
    expect(page.meta.total).toBe(TITLES + 1);
    expect(page.data.every((c) => c.full_name.startsWith('Person '))).toBe(true);
    expectBestScoredFirst(page, 9.9);
    const last = await search(me, `q=quantum&page_size=100&page=${Math.ceil((TITLES + 1) / 100)}`);
    expect(last.data.at(-1)?.full_name).toBe('Noted Highscore');
  });

  it('orders them by name when asked', async () => {
    const page = await search(me, 'q=quantum&sort=name&page_size=3');
    expect(page.data.map((c) => c.full_name)).toEqual(['Person 0000', 'Person 0001', 'Person 0002']);
  });

  it('gives in every sort the pages a plain sort of the title matches gives, then the note match', async () => {
    const d1 = await userD1(me);
    for (const sort of CONTACT_SORTS) {
      const titles = await d1
        .prepare(
          `SELECT id FROM contacts NOT INDEXED WHERE user_id = ? AND title = 'Quantum engineer' AND priority != 'archived' ORDER BY ${SORT_SQL[sort]}`,
        )
        .bind(me.user.id)
        .all<{ id: string }>();
      const expected = titles.results.map((r) => r.id);
      for (const page of [1, 21]) {
        const got = await json<{ data: { id: string }[] }>(
          await as(me, `/api/v1/contacts?q=quantum&sort=${sort}&page_size=100&page=${page}`),
        );
        expect(
          got.data.map((c) => c.id),
          `${sort}, page ${page}`,
        ).toEqual(expected.slice((page - 1) * 100, page * 100));
      }
      const last = await search(me, `q=quantum&sort=${sort}&page_size=100&page=22`);
      expect(
        last.data.map((c) => c.full_name),
        `${sort}, the last page`,
      ).toEqual(['Noted Highscore']);
    }
  });
});

describe('a three-letter search that starts thousands of full names', () => {
  const MAR_NAMES = 2050;
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await seedContacts(me.user.id, [
      ...Array.from({ length: MAR_NAMES }, (_, i) => ({ name: `Mar${String(i).padStart(4, '0')} Person`, score: ((i * 37) % 100) / 10 })),
      // Better scored, with "mar" starting a later name word: tier 2, after every full-name match.
      { name: 'Anna Marsh', score: 10 },
      { name: 'Ben Marlow', score: 10 },
    ]);
  });

  it('lists the names that start with it first, best scored first, and counts the later-word matches too', async () => {
    const page = await search(me, 'q=mar');
    expect(page.meta.total).toBe(MAR_NAMES + 2);
    expect(page.data).toHaveLength(50);
    expect(page.data.every((c) => c.full_name.startsWith('Mar'))).toBe(true);
    expectBestScoredFirst(page, 9.9);
  });

  it('reaches the later-word matches on the last page, in name order', async () => {
    const last = await search(me, `q=mar&sort=name&page_size=100&page=${Math.ceil((MAR_NAMES + 2) / 100)}`);
    expect(last.data.map((c) => c.full_name).slice(-2)).toEqual(['Anna Marsh', 'Ben Marlow']);
  });
});

// One word that only handles hold, or only notes and tags: the page is walked from that set in
// the chosen order. A better scored tag match is a later tier than the handles (it comes after
// all of them) and the same tier as the notes (it leads them).
describe.each([
  {
    where: 'handles',
    column: 'twitter_handle',
    value: (i: number) => `angel_investor_${i}`,
    top: 9.9,
    last: { full_name: 'Later Highscore', relationship_score: 10 },
  },
  { where: 'notes', column: 'notes', value: () => 'Met an investor at the summit', top: 10, last: { relationship_score: 0 } },
])('a one-word search matching thousands of $where and nothing before them', ({ column, value, top, last }) => {
  const PEOPLE = 2100;
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await seedContacts(me.user.id, [
      ...Array.from({ length: PEOPLE }, (_, i) => ({ name: `Person ${String(i).padStart(4, '0')}`, score: ((i * 37) % 100) / 10 })),
      { name: 'Later Highscore', score: 10 },
      { name: 'Archived Match', score: 10, priority: 'archived' },
    ]);
    const d1 = await userD1(me);
    const people = await d1
      .prepare(`SELECT id FROM contacts WHERE user_id = ? AND full_name <> 'Later Highscore' ORDER BY full_name`)
      .bind(me.user.id)
      .all<{ id: string }>();
    await d1.batch(people.results.map((p, i) => d1.prepare(`UPDATE contacts SET ${column} = ? WHERE id = ?`).bind(value(i), p.id)));
    await d1
      .prepare(
        `INSERT INTO contact_tags (user_id, contact_id, tag, tag_norm) SELECT user_id, id, 'investor', 'investor' FROM contacts WHERE user_id = ? AND full_name = 'Later Highscore'`,
      )
      .bind(me.user.id)
      .run();
  });

  it('lists them best scored first and counts every active match', async () => {
    const page = await search(me, 'q=investor');
    expect(page.meta.total).toBe(PEOPLE + 1);
    expect(page.data).toHaveLength(50);
    expectBestScoredFirst(page, top);
    const lastPage = await search(me, `q=investor&page_size=100&page=${Math.ceil((PEOPLE + 1) / 100)}`);
    expect(lastPage.data).toEqual([expect.objectContaining(last)]);
  });

  it('orders them by name when asked, without gaps or repeats across pages', async () => {
    const first = await search(me, 'q=investor&sort=name&page_size=100');
    const second = await search(me, 'q=investor&sort=name&page_size=100&page=2');
    const names = [...first.data, ...second.data].map((c) => c.full_name);
    const people = Array.from({ length: PEOPLE }, (_, i) => `Person ${String(i).padStart(4, '0')}`);
    expect(names).toEqual(column === 'notes' ? ['Later Highscore', ...people.slice(0, 199)] : people.slice(0, 200));
  });
});
