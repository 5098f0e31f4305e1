import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { namesFor } from '../support/contact-fixtures';
import { userD1 } from '../support/stores';

// The words close spellings are drawn from follow every way a name changes
// (migrations/0026_spelling_words.sql): what a search corrects a typo to is always a word of a
// name the user has now.

const q = (text: string) => `q=${encodeURIComponent(text)}`;

async function spellingsFor(me: Session, text: string) {
  const res = await json(await as(me, `/api/v1/contacts?${q(text)}`));
  return { names: res.data.map((c: { full_name: string }) => c.full_name), spellings: res.meta.spellings };
}

async function dictionary(userId: string) {
  const { results } = await (
    await userD1(userId)
  )
    .prepare('SELECT word, uses FROM spelling_words WHERE user_id = ? ORDER BY word')
    .bind(userId)
    .all<{ word: string; uses: number }>();
  return Object.fromEntries(results.map((r) => [r.word, r.uses]));
}

describe('close spellings come from the names the user has now', () => {
  it('follows a renamed contact: the old name is no longer a spelling, the new one is', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    expect(await spellingsFor(me, 'Lovelase')).toEqual({ names: ['Ada Lovelace'], spellings: { lovelase: ['lovelace'] } });
    await as(me, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { last_name: 'Byron' } });
    expect(await spellingsFor(me, 'Lovelase')).toEqual({ names: [], spellings: undefined });
    expect(await spellingsFor(me, 'Byrno')).toEqual({ names: ['Ada Byron'], spellings: { byrno: ['byron'] } });
    expect(await dictionary(me.user.id)).toEqual({ ada: 1, byron: 1 });
  });

  it('counts each word once per name, and forgets it with the last contact who had it', async () => {
    const me = await signUp();
    const anna = await createContact(me, { first_name: 'Anna', last_name: 'Anna' });
    const other = await createContact(me, { first_name: 'Anna', last_name: 'Karenina' });
    expect(await dictionary(me.user.id)).toEqual({ anna: 2, karenina: 1 });
    expect((await as(me, `/api/v1/contacts/${other.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await dictionary(me.user.id)).toEqual({ anna: 1 });
    expect((await as(me, `/api/v1/contacts/${anna.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await dictionary(me.user.id)).toEqual({});
  });

  it('follows a renamed organization', async () => {
    const me = await signUp();
    const priya = await createContact(me, { first_name: 'Priya', last_name: 'Raman', company: 'Anthropic' });
    expect((await spellingsFor(me, 'Antropic')).names).toEqual(['Priya Raman']);
    const renamed = await as(me, `/api/v1/organizations/${priya.company.id}`, { method: 'PATCH', json: { name: 'Northwind Traders' } });
    expect(renamed.status).toBe(200);
    expect(await spellingsFor(me, 'Antropic')).toEqual({ names: [], spellings: undefined });
    expect(await spellingsFor(me, 'Nortwind')).toEqual({ names: ['Priya Raman'], spellings: { nortwind: ['northwind'] } });
  });

  it('splits names at their punctuation and folds their accents', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Zoë', last_name: "O'Brien-Smyth" });
    await createContact(me, { first_name: 'Jean-Luc', last_name: 'Pićard' });
    expect(await spellingsFor(me, 'Brein')).toEqual({ names: ["Zoë O'Brien-Smyth"], spellings: { brein: ['brien'] } });
    expect(await spellingsFor(me, 'Smtyh')).toEqual({ names: ["Zoë O'Brien-Smyth"], spellings: { smtyh: ['smyth'] } });
    expect(await spellingsFor(me, 'Piacrd')).toEqual({ names: ['Jean-Luc Pićard'], spellings: { piacrd: ['picard'] } });
  });

  it('takes a name no JSON can hold without failing its write', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    // Forms and the API strip control characters; a row written any other way must still save.
    await (
      await userD1(me)
    )
      .prepare("UPDATE contacts SET full_name = 'Ada' || char(9) || 'Lovelace', name_sort = 'ada' || char(9) || 'lovelace' WHERE id = ?")
      .bind(ada.id)
      .run();
    expect(await dictionary(me.user.id)).toEqual({});
    await as(me, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { first_name: 'Ada', last_name: 'King' } });
    expect(await dictionary(me.user.id)).toEqual({ ada: 1, king: 1 });
  });

  it('fills the dictionary for the names saved before it existed, as the triggers do', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Grace', last_name: 'Hopper', company: 'Remington Rand' });
    await createContact(me, { first_name: 'Grace', last_name: 'Kelly' });
    const kept = await dictionary(me.user.id);
    expect(kept).toEqual({ grace: 2, hopper: 1, kelly: 1, remington: 1, rand: 1 });
    const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] };
    const backfill = TEST_MIGRATIONS.find((m) => m.name.startsWith('0026'))!.queries.filter((query) =>
      /INSERT INTO spelling_words[^;]*GROUP BY/.test(query),
    );
    expect(backfill).toHaveLength(2);
    await (await userD1(me)).prepare('DELETE FROM spelling_words WHERE user_id = ?').bind(me.user.id).run();
    // As the migration ran it, on this user's rows only: other tests share the database.
    const ownRows = (query: string) =>
      query.replace(/FROM (contacts|organizations) (\w)\b/, 'FROM (SELECT * FROM $1 WHERE user_id = ?1) $2');
    for (const query of backfill) await (await userD1(me)).prepare(ownRows(query)).bind(me.user.id).run();
    expect(await dictionary(me.user.id)).toEqual(kept);
    expect(await namesFor(me, q('Hoper'))).toEqual(['Grace Hopper']);
  });
});
