import { beforeAll, describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { contactWith, namesFor } from '../support/contact-fixtures';

// Every relevance tier of API.md competes for "ada". Lower tiers get higher scores, so
// the default score sort alone would put them first: only the tiers can explain the order.
describe('contact search ranking', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await contactWith(me, { first_name: 'Ada', last_name: 'Zephyr' }, { relationship_score: 1 });
    await contactWith(me, { first_name: 'Zoe', last_name: 'Adams' }, { relationship_score: 6 });
    await contactWith(me, { first_name: 'Bob', last_name: 'Carter', company: 'Adaptive Labs' }, { relationship_score: 7 });
    await contactWith(me, { first_name: 'Cara', last_name: 'Dunn', title: 'Adaptation lead' }, { relationship_score: 7.5 });
    await contactWith(me, { first_name: 'Dan', last_name: 'Evans', twitter_handle: 'adafan' }, { relationship_score: 8 });
    await contactWith(me, { first_name: 'Eve', last_name: 'Frost', emails: ['adalia@example.com'] }, { relationship_score: 9 });
    await contactWith(me, { first_name: 'Fay', last_name: 'Gold', notes: 'Met at Ada’s workshop' }, { relationship_score: 9.5 });
    await contactWith(me, { first_name: 'Gus', last_name: 'Hale', notes: 'nothing relevant' }, { relationship_score: 10 });
  });

  it('ranks name prefix, name word, company or title, handle, then other fields', async () => {
    expect(await namesFor(me, 'q=ada')).toEqual([
      'Ada Zephyr', // 1: the full name starts with the query
      'Zoe Adams', // 2: a name word starts with it
      'Cara Dunn', // 3: title (score 7.5) ...
      'Bob Carter', // 3: ... and company (score 7), ties follow the sort
      'Dan Evans', // 4: handle
      'Fay Gold', // 5: notes (score 9.5) ...
      'Eve Frost', // 5: ... and email (score 9)
    ]);
  });

  it('pages inside the name-prefix tier and across its edge in the same order as one long list', async () => {
    const other = await signUp();
    await contactWith(other, { first_name: 'Mara', last_name: 'One' }, { relationship_score: 1 });
    await contactWith(other, { first_name: 'Mara', last_name: 'Two' }, { relationship_score: 2 });
    await contactWith(other, { first_name: 'Zed', last_name: 'Marathon' }, { relationship_score: 9 });
    await contactWith(other, { first_name: 'Hal', last_name: 'Dle', twitter_handle: 'marafan' }, { relationship_score: 10 });
    await contactWith(other, { first_name: 'Nat', last_name: 'Otes', notes: 'Mara introduced us' }, { relationship_score: 11 });
    const all = ['Mara Two', 'Mara One', 'Zed Marathon', 'Hal Dle', 'Nat Otes'];
    expect(await namesFor(other, 'q=mara')).toEqual(all);
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / size); page++)
        walked.push(...(await namesFor(other, `q=mara&page_size=${size}&page=${page}`)));
      expect(walked, `pages of ${size}`).toEqual(all);
    }
  });

  it('matches every word as a prefix, case- and accent-insensitively', async () => {
    expect(await namesFor(me, 'q=ada%20zep')).toEqual(['Ada Zephyr']);
    expect(await namesFor(me, `q=${encodeURIComponent('ÁDA ZÉP')}`)).toEqual(['Ada Zephyr']);
    expect(await namesFor(me, 'q=zep%20ada')).toEqual(['Ada Zephyr']);
    expect(await namesFor(me, 'q=lab%20bob')).toEqual(['Bob Carter']);
  });

  it('finds accented names from unaccented queries', async () => {
    const other = await signUp();
    await contactWith(other, { first_name: 'Zoë', last_name: 'Ångström' });
    expect(await namesFor(other, 'q=zoe%20angs')).toEqual(['Zoë Ångström']);
  });

  it('ignores a leading @: @handle and handle return the same contacts in the same order', async () => {
    const plain = await namesFor(me, 'q=adafan');
    expect(plain).toEqual(['Dan Evans']);
    expect(await namesFor(me, `q=${encodeURIComponent('@adafan')}`)).toEqual(plain);
    expect(await namesFor(me, `q=${encodeURIComponent('@ada')}`)).toEqual(await namesFor(me, 'q=ada'));
  });

  it('finds handles, LinkedIn slugs and emails', async () => {
    const other = await signUp();
    await contactWith(other, { first_name: 'Tg', telegram_username: 'bruce_gord' });
    await contactWith(other, { first_name: 'Li', linkedin_url: 'https://www.linkedin.com/in/grace-hopper-42/' });
    await contactWith(other, { first_name: 'Em', emails: ['zed@quux.example'] });
    expect(await namesFor(other, `q=${encodeURIComponent('@bruce_gord')}`)).toEqual(['Tg']);
    expect(await namesFor(other, 'q=hopper')).toEqual(['Li']);
    expect(await namesFor(other, 'q=quux')).toEqual(['Em']);
    expect(await namesFor(other, `q=${encodeURIComponent('zed@quux.example')}`)).toEqual(['Em']);
  });

  it('keeps the index in sync with edits, deletes and organization renames', async () => {
    const other = await signUp();
    const c = await contactWith(other, { first_name: 'Old', emails: ['first@mail.example'], company: 'Initech' });
    expect(await namesFor(other, 'q=initech')).toEqual(['Old']);
    await as(other, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { first_name: 'Renamed', emails: ['second@mail.example'] } });
    expect(await namesFor(other, 'q=old')).toEqual([]);
    expect(await namesFor(other, 'q=renamed')).toEqual(['Renamed']);
    expect(await namesFor(other, 'q=first')).toEqual([]);
    expect(await namesFor(other, 'q=second')).toEqual(['Renamed']);
    const org = (await json(await as(other, `/api/v1/contacts/${c.id}`))).data.company;
    await as(other, `/api/v1/organizations/${org.id}`, { method: 'PATCH', json: { name: 'Globex' } });
    expect(await namesFor(other, 'q=globex')).toEqual(['Renamed']);
    await as(other, `/api/v1/contacts/${c.id}`, { method: 'DELETE' });
    expect(await namesFor(other, 'q=renamed')).toEqual([]);
  });

  it("never shows another user's contacts", async () => {
    const other = await signUp();
    expect(await namesFor(other, 'q=ada')).toEqual([]);
  });
});

describe('hostile search input', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await contactWith(me, { first_name: 'Ada', last_name: 'Lovelace' });
    await contactWith(me, { first_name: 'Bob', last_name: 'Near', notes: 'or else' });
  });

  const hostile = [
    '"',
    '"ada',
    'ada"',
    "ada'",
    'ada*',
    '*',
    '-ada',
    'ada -bob',
    'ada OR bob',
    'NEAR(ada bob)',
    'ada NEAR bob',
    '(ada',
    'ada)',
    '{name}: ada',
    'name:ada',
    'ada^',
    '%',
    '_',
    '\\',
    "'; DROP TABLE contacts; --",
    '😀',
    'ada 😀',
    'x'.repeat(10_000),
    Array.from({ length: 5000 }, () => 'a').join(' '),
  ];

  it('searches quotes, operators, emoji and very long strings literally, never a 500', async () => {
    for (const q of hostile) {
      const res = await as(me, `/api/v1/contacts?q=${encodeURIComponent(q)}`);
      expect(res.status, q.slice(0, 40)).toBe(200);
      const body = await json(res);
      expect(Array.isArray(body.data), q.slice(0, 40)).toBe(true);
    }
  });

  it('gives FTS operators no power', async () => {
    // As FTS syntax, OR would add Bob and -bob would remove nobody; literally, "or" is a word.
    expect(await namesFor(me, `q=${encodeURIComponent('ada OR bob')}`)).toEqual([]);
    expect(await namesFor(me, `q=${encodeURIComponent('bob OR')}`)).toEqual(['Bob Near']);
    expect(await namesFor(me, `q=${encodeURIComponent('ada*')}`)).toEqual(['Ada Lovelace']);
    expect(await namesFor(me, `q=${encodeURIComponent('"ada"')}`)).toEqual(['Ada Lovelace']);
    expect(await namesFor(me, `q=${encodeURIComponent('NEAR(ada bob)')}`)).toEqual([]);
    expect(await namesFor(me, `q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await namesFor(me, `q=${encodeURIComponent('😀')}`)).toEqual([]);
  });

  it('treats an empty query or a lone @ as no search', async () => {
    expect(await namesFor(me, 'q=')).toHaveLength(2);
    expect(await namesFor(me, `q=${encodeURIComponent(' @ ')}`)).toHaveLength(2);
  });
});

// The search index marks archived contacts and their owner (migrations/0013_speed.sql),
// so a plain search is counted from the index alone: the total must follow archiving.
describe('search totals', () => {
  let me: Session;
  const total = async (query: string) => (await json(await as(me, `/api/v1/contacts?${query}`))).meta.total as number;
  beforeAll(async () => {
    me = await signUp();
    await contactWith(me, { first_name: 'Marta', last_name: 'One' });
    await contactWith(me, { first_name: 'Mario', last_name: 'Two' });
  });

  it('counts only visible matches, and follows archiving and un-archiving', async () => {
    const mario = await contactWith(me, { first_name: 'Mario', last_name: 'Three' });
    expect(await total('q=mar')).toBe(3);
    await as(me, `/api/v1/contacts/${mario.id}`, { method: 'PATCH', json: { priority: 'archived' } });
    expect(await namesFor(me, 'q=mar')).toEqual(expect.not.arrayContaining(['Mario Three']));
    expect(await total('q=mar')).toBe(2);
    expect(await total('q=mar&priority=archived')).toBe(1);
    await as(me, `/api/v1/contacts/${mario.id}`, { method: 'PATCH', json: { priority: 'low' } });
    expect(await total('q=mar')).toBe(3);
  });

  it('never matches the words that only mark the owner or archived contacts', async () => {
    const archived = await contactWith(me, { first_name: 'Zed', last_name: 'Quiet' });
    await as(me, `/api/v1/contacts/${archived.id}`, { method: 'PATCH', json: { priority: 'archived' } });
    expect(await total('q=archived&priority=archived')).toBe(0);
    expect(await total('q=u')).toBe(0);
  });
});
