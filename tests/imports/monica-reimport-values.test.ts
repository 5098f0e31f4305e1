import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts } from '../support/imports';
import { monicaAccount } from './monica-fixtures';
import { importFromMonica, seedMonica } from './monica-seed';

// Import from Monica, edit in both places, import again (ADR 060): an email, phone, handle or
// birthday Monica gave and has changed since is replaced, not shown beside the old one; a value
// typed in Kith stays; a value deleted in Monica stays.

const read = async (me: Session, path: string) => (await json(await as(me, `/api/v1${path}`))).data;
const write = (me: Session, method: string, path: string, body: unknown) =>
  as(me, `/api/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const field = (id: number, name: string, content: string, type: string | null = null) => ({
  id,
  object: 'contactfield',
  content,
  contact_field_type: { id, object: 'contactfieldtype', name, type, protocol: null },
});
const birthday = async (me: Session, id: string) =>
  (await read(me, `/contacts/${id}/dates`)).filter((d: any) => d.kind === 'birthday').map((d: any) => [d.year, d.month, d.day]);

describe('Importing from Monica again: emails, phones, handles and birthdays', () => {
  it('replaces what Monica gave and changed, keeps what was typed in Kith and what Monica deleted', async () => {
    const me = await signUp();
    const key = `v${crypto.randomUUID().slice(0, 8)}`;
    const account = monicaAccount(key) as any;
    await seedMonica(key, { lists: account });
    await importFromMonica(me, key);
    const first = await allContacts(me);
    const [ada, charles, mary] = ['Ada', 'Charles', 'Mary'].map((n) => first.find((c) => c.first_name === n)!);
    expect(ada).toMatchObject({ emails: [`ada.${key}@example.org`], twitter_handle: 'ada_l' });

    // In Kith meanwhile: a second email for Ada, a handle for Charles, a birthday for Mary.
    expect((await write(me, 'PATCH', `/contacts/${ada.id}`, { emails: [...ada.emails, `ada.typed.${key}@example.org`] })).status).toBe(200);
    expect((await write(me, 'PATCH', `/contacts/${charles.id}`, { twitter_handle: 'cbabbage' })).status).toBe(200);
    expect((await write(me, 'POST', `/contacts/${mary.id}/dates`, { kind: 'birthday', month: 12, day: 26, year: 1980 })).status).toBe(201);

    // In Monica meanwhile: Ada's email, phone, Twitter and birthday edited; Charles's email
    // deleted and a Twitter added; Mary given an email and another birthday.
    const [mAda, mCharles, mMary] = account.contacts;
    mAda.contactFields = [
      field(1, 'Email', `ada.king.${key}@example.org`, 'email'),
      field(2, 'Phone', '+44 20 7946 0999', 'phone'),
      field(3, 'Twitter', 'https://twitter.com/ada_king'),
      field(4, 'Facebook', 'facebook.com/ada.lovelace'),
    ];
    mAda.information.dates.birthdate = { is_age_based: false, is_year_unknown: false, date: '1815-12-10T00:00:00Z' };
    mCharles.contactFields = [field(6, 'Twitter', 'https://twitter.com/charles_b')];
    mMary.contactFields = [field(7, 'Email', `mary.${key}@example.org`, 'email')];
    mMary.information.dates.birthdate = { is_age_based: false, is_year_unknown: false, date: '1981-01-01T00:00:00Z' };
    await seedMonica(key, { lists: account });
    expect(await importFromMonica(me, key)).toMatchObject({ status: 'done', created: 0, failed: 0 });

    expect((await allContacts(me)).map((c) => c.id).sort()).toEqual(first.map((c) => c.id).sort());
    const ada2 = await read(me, `/contacts/${ada.id}`);
    // Monica's edit in the old value's place; the email typed in Kith stays.
    expect(ada2.emails).toEqual([`ada.king.${key}@example.org`, `ada.typed.${key}@example.org`]);
    expect(ada2.phones).toHaveLength(1);
    expect(ada2.phones[0]).toContain('0999');
    expect(ada2.twitter_handle).toBe('ada_king');
    expect(await birthday(me, ada.id)).toEqual([[1815, 12, 10]]);
    // The new values carry Monica as their source; the old ones' sources are gone with them.
    const sources = (await read(me, `/contacts/${ada.id}/sources`)) as { field: string; value: string | null; source: string }[];
    expect(sources.filter((s) => s.field === 'email').map((s) => [s.value, s.source])).toEqual(
      expect.arrayContaining([
        [`ada.king.${key}@example.org`, 'monica'],
        [`ada.typed.${key}@example.org`, 'typed'],
      ]),
    );
    expect(sources.map((s) => s.value)).not.toContain(`ada.${key}@example.org`);
    // The search finds Ada by her new email and no longer by the old one.
    const found = async (q: string) => (await read(me, `/contacts?q=${encodeURIComponent(q)}`)).map((c: any) => c.id);
    expect(await found(`ada.king.${key}`)).toEqual([ada.id]);

    const charles2 = await read(me, `/contacts/${charles.id}`);
    // Deleted in Monica: kept. Typed in Kith: not replaced by Monica's new handle.
    expect(charles2.emails).toEqual([`charles.${key}@example.org`]);
    expect(charles2.twitter_handle).toBe('cbabbage');
    const mary2 = await read(me, `/contacts/${mary.id}`);
    expect(mary2.emails).toEqual([`mary.${key}@example.org`]);
    expect(await birthday(me, mary.id)).toEqual([[1980, 12, 26]]);
  }, 150_000);
});
