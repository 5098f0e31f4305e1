import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { latinName } from '../../worker/domain/contacts/latin-name';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

async function duplicatesOf(me: Session, id: string): Promise<{ name: string; reasons: string[] }[]> {
  const res = await as(me, `/api/v1/contacts/${id}/duplicates`);
  expect(res.status).toBe(200);
  return (await json(res)).data.map((d: { contact: { full_name: string }; reasons: string[] }) => ({
    name: d.contact.full_name,
    reasons: d.reasons,
  }));
}

describe('duplicates people would spot by name', () => {
  it('suggests spellings, short forms and nicknames of the first name, each saying why', async () => {
    const me = await signUp();
    const sara = await createContact(me, { first_name: 'Sara', last_name: 'Lindqvist' });
    await createContact(me, { first_name: 'Sarah', last_name: 'Lindqvist' });
    const jon = await createContact(me, { first_name: 'Jon', last_name: 'Reyes' });
    await createContact(me, { first_name: 'Jonathan', last_name: 'Reyes' });
    const bob = await createContact(me, { first_name: 'Bob', last_name: 'Marsh' });
    await createContact(me, { first_name: 'Robert', last_name: 'Marsh' });
    const kate = await createContact(me, { first_name: 'Kate', last_name: 'Olsen', company: 'Fjord' });
    await createContact(me, { first_name: 'Katherine', last_name: 'Olsen', company: 'Fjord' });
    // Different people: another last name, another first name.
    await createContact(me, { first_name: 'Sarah', last_name: 'Berg' });
    await createContact(me, { first_name: 'Jon', last_name: 'Snow' });
    await createContact(me, { first_name: 'Rob', last_name: 'Stark' });

    expect(await duplicatesOf(me, sara.id)).toEqual([
      { name: 'Sarah Lindqvist', reasons: ['similar name: spelled alike (Sara Lindqvist / Sarah Lindqvist)'] },
    ]);
    expect(await duplicatesOf(me, jon.id)).toEqual([
      { name: 'Jonathan Reyes', reasons: ['similar name: short form (Jon Reyes / Jonathan Reyes)'] },
    ]);
    expect(await duplicatesOf(me, bob.id)).toEqual([
      { name: 'Robert Marsh', reasons: ['similar name: nickname (Bob Marsh / Robert Marsh)'] },
    ]);
    const [katherine] = await duplicatesOf(me, kate.id);
    expect(katherine).toEqual({
      name: 'Katherine Olsen',
      reasons: ['similar name: nickname (Kate Olsen / Katherine Olsen)', 'same company'],
    });
  });

  it('suggests a last name written another way: accents, letters written out, one letter off', async () => {
    const me = await signUp();
    const jurgen = await createContact(me, { first_name: 'Jürgen', last_name: 'Müller' });
    await createContact(me, { first_name: 'Jurgen', last_name: 'Mueller' });
    const anna = await createContact(me, { first_name: 'Anna', last_name: 'Kowalski' });
    await createContact(me, { first_name: 'Anna', last_name: 'Kowalsky' });
    await createContact(me, { first_name: 'Anna', last_name: 'Novak' });

    expect(await duplicatesOf(me, jurgen.id)).toEqual([
      { name: 'Jurgen Mueller', reasons: ['similar name: spelled alike (Jürgen Müller / Jurgen Mueller)'] },
    ]);
    expect(await duplicatesOf(me, anna.id)).toEqual([
      { name: 'Anna Kowalsky', reasons: ['similar name: spelled alike (Anna Kowalski / Anna Kowalsky)'] },
    ]);
  });
});

describe('duplicates written in another script', () => {
  it('finds the same name in Cyrillic, Greek and Latin letters, and a Latin spelling of it', async () => {
    const me = await signUp();
    const cyrillic = await createContact(me, { first_name: 'Александр', last_name: 'Пушкин' });
    await createContact(me, { first_name: 'Aleksandr', last_name: 'Pushkin' });
    await createContact(me, { first_name: 'Alexander', last_name: 'Pushkin' });
    const greek = await createContact(me, { first_name: 'Γιώργος', last_name: 'Παπαδόπουλος' });
    const giorgos = await createContact(me, { first_name: 'Giorgos', last_name: 'Papadopoulos' });
    // Different people.
    await createContact(me, { first_name: 'Александр', last_name: 'Блок' });
    await createContact(me, { first_name: 'Giorgos', last_name: 'Seferis' });

    expect(await duplicatesOf(me, cyrillic.id)).toEqual([
      { name: 'Aleksandr Pushkin', reasons: ['same name in another script (Александр Пушкин / Aleksandr Pushkin)'] },
      { name: 'Alexander Pushkin', reasons: ['similar name: nickname (Александр Пушкин / Alexander Pushkin)'] },
    ]);
    expect(await duplicatesOf(me, giorgos.id)).toEqual([
      { name: 'Γιώργος Παπαδόπουλος', reasons: ['same name in another script (Giorgos Papadopoulos / Γιώργος Παπαδόπουλος)'] },
    ]);
    expect((await duplicatesOf(me, greek.id)).map((d) => d.name)).toEqual(['Giorgos Papadopoulos']);
  });

  it('spells the names saved before the Latin spellings existed, as the app does', async () => {
    const me = await signUp();
    const old = await createContact(me, { first_name: 'Фёдор', last_name: 'Достоевский' });
    const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] };
    // The user's own database: the migration's backfill runs on each database that holds users.
    const DB = await userD1(me);
    const written = await DB.prepare('SELECT name_sort, name_latin FROM contacts WHERE id = ?')
      .bind(old.id)
      .first<{ name_sort: string; name_latin: string }>();
    expect(written?.name_latin).toBe('fedor dostoevskii');
    // As a row saved before migration 0024, when names were folded without any mark: its
    // backfill must spell it the same way, and 0039 folds its name again as the app does now.
    await DB.prepare("UPDATE contacts SET name_latin = NULL, name_sort = 'федор достоевскии' WHERE id = ?").bind(old.id).run();
    const migration = (prefix: string) => TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix))!.queries;
    const backfill = migration('0024').filter((q) => /^\s*UPDATE/i.test(q));
    for (const query of backfill) await DB.prepare(query).run();
    // Only this contact's name: the tests share the database.
    const refold = migration('0039')
      .filter((q) => q.includes('name_folding') && !q.includes('FROM organizations'))
      .map((q) => (q.includes('INSERT INTO name_folding') ? `${q.trim().replace(/;$/, '')} AND id = '${old.id}'` : q));
    for (const query of refold) await DB.prepare(query).run();
    const again = await DB.prepare('SELECT name_sort, name_latin FROM contacts WHERE id = ?')
      .bind(old.id)
      .first<{ name_sort: string; name_latin: string }>();
    expect(again).toEqual(written);
    expect(again?.name_latin).toBe(latinName(written!.name_sort));
    const plain = await createContact(me, { first_name: 'Plain', last_name: 'Latin' });
    expect(
      (await DB.prepare('SELECT name_latin FROM contacts WHERE id = ?').bind(plain.id).first<{ name_latin: string | null }>())?.name_latin,
    ).toBeNull();
  });
});
