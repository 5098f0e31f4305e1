import { beforeAll, describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { contactWith, namesFor } from '../support/contact-fixtures';

describe('contact list filters', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await contactWith(
      me,
      { first_name: 'Hana', tags: ['Investor', 'vip'], source: 'linkedin', priority: 'high' },
      { relationship_score: 9 },
    );
    await contactWith(me, { first_name: 'Ivo', tags: ['investor'], source: 'csv', priority: 'low' }, { relationship_score: 4 });
    await contactWith(me, { first_name: 'Jun', tags: ['friend'], source: 'telegram' }, { relationship_score: 6 });
    await contactWith(me, { first_name: 'Kai', source: 'email' }, { relationship_score: 2 });
    await contactWith(me, { first_name: 'Lea', tags: ['investor'], priority: 'archived' }, { relationship_score: 8 });
  });

  it('hides archived contacts unless the priority filter asks for them', async () => {
    expect(await namesFor(me, '')).toEqual(['Hana', 'Jun', 'Ivo', 'Kai']);
    expect(await namesFor(me, 'priority=archived')).toEqual(['Lea']);
    expect(await namesFor(me, 'priority=high&priority=archived')).toEqual(['Hana', 'Lea']);
    expect(await namesFor(me, 'priority=medium')).toEqual(['Jun', 'Kai']);
  });

  it('filters by any of several tags, case-insensitively', async () => {
    expect(await namesFor(me, 'tag=INVESTOR')).toEqual(['Hana', 'Ivo']);
    expect(await namesFor(me, 'tag=vip&tag=Friend')).toEqual(['Hana', 'Jun']);
    expect(await namesFor(me, 'tag=nobody')).toEqual([]);
  });

  it('filters by source and by score range, bounds included', async () => {
    expect(await namesFor(me, 'source=csv')).toEqual(['Ivo']);
    expect(await namesFor(me, 'source=csv&source=email')).toEqual(['Ivo', 'Kai']);
    expect(await namesFor(me, 'score_min=4&score_max=6')).toEqual(['Jun', 'Ivo']);
    expect(await namesFor(me, 'score_min=8.5')).toEqual(['Hana']);
    expect(await namesFor(me, 'score_max=2')).toEqual(['Kai']);
  });

  it('combines filters with each other and with search', async () => {
    expect(await namesFor(me, 'tag=investor&score_min=5')).toEqual(['Hana']);
    expect(await namesFor(me, 'tag=investor&priority=low&priority=archived')).toEqual(['Lea', 'Ivo']);
    expect(await namesFor(me, 'q=iv&tag=investor')).toEqual(['Ivo']);
    // Tags are searched too: "in" finds both investors by their tag.
    expect(await namesFor(me, 'q=in&tag=investor')).toEqual(['Hana', 'Ivo']);
    expect(await namesFor(me, 'q=h&source=csv')).toEqual([]);
  });

  it('refuses values outside the contract with 400', async () => {
    for (const query of ['priority=urgent', 'source=fax', 'score_min=11', 'score_max=-1', 'sort=shoe_size', 'page=0']) {
      const res = await as(me, `/api/v1/contacts?${query}`);
      expect(res.status, query).toBe(400);
      expect((await json(res)).error.code).toBe('invalid_request');
    }
  });
});

describe('contact list sorts', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await contactWith(
      me,
      { first_name: 'bruno' },
      { relationship_score: 5, created_at: '2026-01-03T00:00:00.000Z', last_interaction_at: '2026-05-01T00:00:00.000Z' },
    );
    await contactWith(
      me,
      { first_name: 'Émile' },
      { relationship_score: 9, created_at: '2026-01-01T00:00:00.000Z', last_interaction_at: null },
    );
    await contactWith(
      me,
      { first_name: 'Anna' },
      { relationship_score: 1, created_at: '2026-01-02T00:00:00.000Z', last_interaction_at: '2026-06-01T00:00:00.000Z' },
    );
    await contactWith(
      me,
      { first_name: 'Zed' },
      { relationship_score: 3, created_at: '2026-01-04T00:00:00.000Z', last_interaction_at: null },
    );
  });

  it('sorts by name A to Z, ignoring case and accents', async () => {
    expect(await namesFor(me, 'sort=name')).toEqual(['Anna', 'bruno', 'Émile', 'Zed']);
  });

  it('sorts by score, highest first by default, or lowest first', async () => {
    expect(await namesFor(me, '')).toEqual(['Émile', 'bruno', 'Zed', 'Anna']);
    expect(await namesFor(me, 'sort=-score')).toEqual(['Émile', 'bruno', 'Zed', 'Anna']);
    expect(await namesFor(me, 'sort=score')).toEqual(['Anna', 'Zed', 'bruno', 'Émile']);
  });

  it('sorts by date added, newest or oldest first', async () => {
    expect(await namesFor(me, 'sort=-created_at')).toEqual(['Zed', 'bruno', 'Anna', 'Émile']);
    expect(await namesFor(me, 'sort=created_at')).toEqual(['Émile', 'Anna', 'bruno', 'Zed']);
  });

  it('sorts by last interaction, most recent first and never-contacted last', async () => {
    const names = await namesFor(me, 'sort=-last_interaction_at');
    expect(names.slice(0, 2)).toEqual(['Anna', 'bruno']);
    expect(names.slice(2).sort()).toEqual(['Zed', 'Émile']);
  });

  it('orders equally relevant search results by the chosen sort', async () => {
    const other = await signUp();
    await contactWith(other, { first_name: 'Sam', last_name: 'Low' }, { relationship_score: 1 });
    await contactWith(other, { first_name: 'Sam', last_name: 'High' }, { relationship_score: 9 });
    expect(await namesFor(other, 'q=sam')).toEqual(['Sam High', 'Sam Low']);
    expect(await namesFor(other, 'q=sam&sort=score')).toEqual(['Sam Low', 'Sam High']);
    expect(await namesFor(other, 'q=sam&sort=name')).toEqual(['Sam High', 'Sam Low']);
  });
});

describe('contact list pages', () => {
  let me: Session;
  let all: string[];
  beforeAll(async () => {
    me = await signUp();
    // Seven contacts tied on every sort key the list offers, so only the id tiebreaker orders them.
    for (let i = 0; i < 7; i++) {
      await contactWith(
        me,
        { first_name: 'Twin', notes: 'same' },
        {
          relationship_score: 5,
          created_at: '2026-02-02T00:00:00.000Z',
          last_interaction_at: '2026-03-03T00:00:00.000Z',
          connected_on: '2024-03-14',
        },
      );
    }
    all = (await json(await as(me, '/api/v1/contacts/ids'))).data.ids;
  });

  it('pages through ties with no overlap and no gap, for every sort and for search', async () => {
    expect(all).toHaveLength(7);
    const queries = [
      '',
      'q=twin',
      'q=same',
      ...['name', '-score', 'score', '-created_at', 'created_at', '-last_interaction_at', '-connected_on'].map((s) => `sort=${s}`),
    ];
    for (const query of queries) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await json(await as(me, `/api/v1/contacts?${query}&page_size=3&page=${page}`));
        expect(res.meta).toEqual({ page, page_size: 3, total: 7, total_pages: 3 });
        seen.push(...res.data.map((c: { id: string }) => c.id));
      }
      expect(seen, query).toHaveLength(7);
      expect(new Set(seen).size, query).toBe(7);
      const ids = (await json(await as(me, `/api/v1/contacts/ids?${query}`))).data;
      expect(ids, query).toEqual({ ids: seen, total: 7 });
    }
  });

  it('answers an empty page past the end and clamps page_size to 200', async () => {
    const past = await json(await as(me, '/api/v1/contacts?page=9&page_size=3'));
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(7);
    expect((await json(await as(me, '/api/v1/contacts?page_size=5000'))).meta.page_size).toBe(200);
  });

  it('returns every matching id for select-all, honouring filters', async () => {
    await contactWith(me, { first_name: 'Other', tags: ['x'] });
    expect((await json(await as(me, '/api/v1/contacts/ids?tag=x'))).data.total).toBe(1);
    expect((await json(await as(me, '/api/v1/contacts/ids'))).data.ids).toHaveLength(8);
  });
});
