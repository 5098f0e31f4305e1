import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRow } from '../../worker/domain/search/local/search-row';
import { as, signUp, type Session } from '../support/client';
import { contactWith, namesFor } from '../support/contact-fixtures';
import { readSearchIndexFeed, serverSearchPage } from '../support/search-index-pages';
import { userD1 } from '../support/stores';

// Issue 49, ADR 084: a name written in Cyrillic or Greek is found by its Latin spelling, by the
// server and by the browser's local index alike, as a name hit (tier 2: the full name as written
// is what tier 1 reads). Scores run against the tiers, so only the tiers explain each order.

const q = (text: string) => `q=${encodeURIComponent(text)}`;

async function localIndexOf(me: Session): Promise<LocalSearchIndex> {
  const { changes } = await readSearchIndexFeed(me);
  return new LocalSearchIndex(changes.flatMap((c) => (c.row ? [c.row] : [])));
}

describe('names in other scripts found by their Latin spelling', () => {
  let me: Session;
  let ivan: { id: string };

  beforeAll(async () => {
    me = await signUp();
    ivan = await contactWith(me, { first_name: 'Иван', last_name: 'Петров' }, { relationship_score: 5 });
    await contactWith(me, { first_name: 'Γιώργος', last_name: 'Παπαδόπουλος' }, { relationship_score: 5 });
    await contactWith(me, { first_name: 'Ivan', last_name: 'Smith' }, { relationship_score: 1 });
    await contactWith(me, { first_name: 'Zed', last_name: 'Hale', company: 'Ivanhoe Labs' }, { relationship_score: 9 });
    await contactWith(me, { first_name: 'Søren', last_name: 'Kierkegaard' }, { relationship_score: 2 });
    await contactWith(me, { first_name: 'Nguyễn', last_name: 'Văn An' }, { relationship_score: 2 });
  });

  it('finds them on the server, ranked as names, and lists them as they are written', async () => {
    expect(await namesFor(me, q('ivan'))).toEqual([
      'Ivan Smith', // 1: the full name starts with it
      'Иван Петров', // 2: a word of the name's Latin spelling
      'Zed Hale', // 3: the company
    ]);
    expect(await namesFor(me, q('petrov'))).toEqual(['Иван Петров']);
    expect(await namesFor(me, q('Ivan Petr'))).toEqual(['Иван Петров']);
    expect(await namesFor(me, q('giorgos'))).toEqual(['Γιώργος Παπαδόπουλος']);
    expect(await namesFor(me, q('papadopoulos'))).toEqual(['Γιώργος Παπαδόπουλος']);
    expect(await namesFor(me, q('soren'))).toEqual(['Søren Kierkegaard']);
    expect(await namesFor(me, q('nguyen van'))).toEqual(['Nguyễn Văn An']);
    expect(await namesFor(me, q('иван'))).toEqual(['Иван Петров']);
  });

  it('finds them in the browser’s local index with the server’s page', async () => {
    const index = await localIndexOf(me);
    expect(index.get(ivan.id)?.name_latin).toBe('ivan petrov');
    for (const text of ['ivan', 'iva', 'petrov', 'Ivan Petr', 'giorgos', 'papad', 'soren', 'иван']) {
      const server = await serverSearchPage(me, text, '-score');
      expect(server.length, text).toBeGreaterThan(0);
      expect({ text, ids: index.search(text, '-score', 20)!.rows.map((r) => r.id) }).toEqual({ text, ids: server });
    }
  });

  it('spells a row a device saved before the spelling came, as the server does', async () => {
    // The JSON a device saved before ADR 084: no name_latin field.
    const saved = [...(await localIndexOf(me)).rows()].map(({ name_latin: _, ...row }) => row as SearchRow);
    const index = new LocalSearchIndex(saved);
    for (const text of ['ivan', 'giorgos', 'soren']) {
      expect(index.search(text, '-score', 20)!.rows.map((r) => r.id)).toEqual(await serverSearchPage(me, text, '-score'));
    }
  });

  it('follows a renamed contact: the old spelling no longer finds it', async () => {
    const other = await signUp();
    const person = await contactWith(other, { first_name: 'Пётр', last_name: 'Иванов' });
    expect(await namesFor(other, q('ivanov'))).toEqual(['Пётр Иванов']);
    await as(other, `/api/v1/contacts/${person.id}`, { method: 'PATCH', json: { first_name: 'Ольга', last_name: 'Смирнова' } });
    expect(await namesFor(other, q('ivanov'))).toEqual([]);
    expect(await namesFor(other, q('smirnova'))).toEqual(['Ольга Смирнова']);
    await as(other, `/api/v1/contacts/${person.id}`, { method: 'PATCH', json: { first_name: 'Olga', last_name: 'Smith' } });
    expect(await namesFor(other, q('smirnova'))).toEqual([]);
    const index = await localIndexOf(other);
    expect(index.search('smirnova')).toEqual({ rows: [], total: 0 });
    expect(index.search('olga')!.rows.map((r) => r.full_name)).toEqual(['Olga Smith']);
  });

  it('spells the names saved before migration 0076 into the search index', async () => {
    const other = await signUp();
    await contactWith(other, { first_name: 'Дмитрий', last_name: 'Соколов' });
    await contactWith(other, { first_name: 'Ada', last_name: 'Lovelace' });
    const DB = await userD1(other);
    const indexRows = () =>
      DB.prepare('SELECT name FROM contacts_fts WHERE rowid IN (SELECT rowid FROM contacts WHERE user_id = ?1) ORDER BY name')
        .bind(other.user.id)
        .all<{ name: string }>()
        .then((r) => r.results.map((row) => row.name));
    expect(await indexRows()).toEqual(['Ada Lovelace', 'Дмитрий Соколов dmitrii sokolov']);
    // As the index held them before: the full name alone.
    await DB.prepare(
      'UPDATE contacts_fts SET name = (SELECT full_name FROM contacts c WHERE c.rowid = contacts_fts.rowid) WHERE rowid IN (SELECT rowid FROM contacts WHERE user_id = ?1)',
    )
      .bind(other.user.id)
      .run();
    expect(await namesFor(other, q('sokolov'))).toEqual([]);
    const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] };
    const backfill = TEST_MIGRATIONS.find((m) => m.name.startsWith('0076'))!.queries.filter(
      (query) => query.includes('UPDATE contacts_fts') && !query.includes('CREATE TRIGGER'),
    );
    expect(backfill).toHaveLength(1);
    // As the migration ran it, on this user's rows only: other tests share the database.
    const ownRows = backfill[0]!.replace('WHERE name_latin IS NOT NULL', 'WHERE name_latin IS NOT NULL AND user_id = ?1');
    expect(ownRows).not.toBe(backfill[0]);
    await DB.prepare(ownRows).bind(other.user.id).run();
    expect(await indexRows()).toEqual(['Ada Lovelace', 'Дмитрий Соколов dmitrii sokolov']);
    expect(await namesFor(other, q('sokolov'))).toEqual(['Дмитрий Соколов']);
    expect(await namesFor(other, q('dmitrii sok'))).toEqual(['Дмитрий Соколов']);
  });
});
