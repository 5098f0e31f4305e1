import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';

// Issue 40 item 5, ADR 031: a family landline or an office line is several people's. Imported
// with two people, it stays on both (before: it stayed on the first and went to the second's
// notes); close names sharing it are suggested as possible duplicates, other names are not.

const LANDLINE = '+46 8 123 4567';
const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);
const duplicatesOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/duplicates`))).data as any[];

async function importVcard(me: Session, cards: string) {
  const res = await upload(me, '/api/v1/imports/vcard', cards, {}, 'family.vcf');
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id);
}

const card = (first: string, last: string, tel: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `FN:${first} ${last}`, `N:${last};${first};;;`, `TEL;TYPE=HOME:${tel}`, 'END:VCARD', ''].join('\r\n');

describe('a number two people share stays on both (ADR 031)', () => {
  it('a CSV of a family keeps the landline on both, suggests nothing, and a re-import finds both again', async () => {
    const me = await signUp();
    const csv = `First Name,Last Name,Home Phone,Mobile Phone\nAnna,Berg,${LANDLINE},+46 70 111 2222\nCarl,Berg,${LANDLINE},\n`;
    expect(await importCsv(me, csv)).toMatchObject({ status: 'done', created: 2, failed: 0, warned: 0 });
    const contacts = await allContacts(me);
    const anna = byName(contacts, 'Anna Berg');
    const carl = byName(contacts, 'Carl Berg');
    expect(anna.phones).toEqual([LANDLINE, '+46 70 111 2222']);
    // Only the phone's label goes to the notes (ADR 072).
    expect(carl).toMatchObject({ phones: [LANDLINE], notes: `Phones:\nHome: ${LANDLINE}` });
    // A mother and her son on one line are not duplicates.
    expect((await duplicatesOf(me, carl.id)).map((d) => d.contact.id)).not.toContain(anna.id);
    expect((await duplicatesOf(me, anna.id)).map((d) => d.contact.id)).not.toContain(carl.id);

    expect(await importCsv(me, csv)).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect(await allContacts(me)).toHaveLength(2);
  });

  it('a vCard file of two people on one line keeps it on both', async () => {
    const me = await signUp();
    const result = await importVcard(me, card('Anna', 'Berg', LANDLINE) + card('Carl', 'Berg', '+46 (8) 123-4567'));
    expect(result).toMatchObject({ status: 'done', created: 2, failed: 0, warned: 0 });
    const contacts = await allContacts(me);
    expect(byName(contacts, 'Anna Berg').phones).toEqual([LANDLINE]);
    expect(byName(contacts, 'Carl Berg')).toMatchObject({ phones: ['+46 (8) 123-4567'], notes: 'Phones:\nHome: +46 (8) 123-4567' });
  });

  it('close names on one line are suggested as duplicates, not merged; a merge keeps one copy and Unmerge gives both theirs', async () => {
    const me = await signUp();
    const csv = `Name,Phone\nMatthias Berg,${LANDLINE}\nMathias Berg,+46 (8) 123-4567\n`;
    expect(await importCsv(me, csv)).toMatchObject({ created: 2, warned: 0 });
    const contacts = await allContacts(me);
    const k = byName(contacts, 'Matthias Berg');
    const c = byName(contacts, 'Mathias Berg');
    expect([k.phones, c.phones]).toEqual([[LANDLINE], ['+46 (8) 123-4567']]);
    for (const [id, other] of [
      [c.id, k.id],
      [k.id, c.id],
    ])
      expect((await duplicatesOf(me, id)).find((d) => d.contact.id === other)?.reasons.join()).toMatch(/same phone \(\+46/);

    const preview = await as(me, `/api/v1/contacts/${k.id}/merge-preview?other_id=${c.id}`);
    expect((await json(preview)).data.phones).toEqual([LANDLINE]);
    const merged = await as(me, `/api/v1/contacts/${k.id}/merge`, { method: 'POST', json: { other_id: c.id } });
    expect(merged.status).toBe(200);
    expect((await json(merged)).data.phones).toEqual([LANDLINE]);

    const [merge] = (await json(await as(me, `/api/v1/contacts/${k.id}/merges`))).data;
    expect((await as(me, `/api/v1/merges/${merge.id}/unmerge`, { method: 'POST' })).status).toBe(200);
    const back = await allContacts(me);
    expect(byName(back, 'Matthias Berg').phones).toEqual([LANDLINE]);
    expect(byName(back, 'Mathias Berg').phones).toEqual(['+46 (8) 123-4567']);
  });

  it('the same person on the line is still one contact', async () => {
    const me = await signUp();
    const anna = await createContact(me, { first_name: 'Anna', last_name: 'Berg', phones: [LANDLINE] });
    await createContact(me, { first_name: 'Carl', last_name: 'Berg', phones: [LANDLINE] });
    expect(await importCsv(me, `Name,Phone,Title\nA. Berg,${LANDLINE},Teacher\n`)).toMatchObject({ created: 0, updated: 1 });
    const contacts = await allContacts(me);
    expect(contacts).toHaveLength(2);
    expect(byName(contacts, 'Anna Berg')).toMatchObject({ id: anna.id, title: 'Teacher', phones: [LANDLINE] });
    expect(byName(contacts, 'Carl Berg').title).toBeNull();
  });

  it('a number typed on a second contact by hand is kept on both; an email or handle is still refused', async () => {
    const me = await signUp();
    const anna = await createContact(me, { first_name: 'Anna', last_name: 'Berg', phones: [LANDLINE], twitter_handle: 'annaberg' });
    const carl = await createContact(me, { first_name: 'Carl', last_name: 'Berg' });
    const res = await as(me, `/api/v1/contacts/${carl.id}`, { method: 'PATCH', json: { phones: ['+46 8 123 45 67'] } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.phones).toEqual(['+46 8 123 45 67']);
    const created = await as(me, '/api/v1/contacts', {
      method: 'POST',
      json: { first_name: 'Dora', last_name: 'Berg', phones: [LANDLINE] },
    });
    expect(created.status).toBe(201);
    expect((await json(await as(me, `/api/v1/contacts/${anna.id}`))).data.phones).toEqual([LANDLINE]);

    const taken = await as(me, `/api/v1/contacts/${carl.id}`, { method: 'PATCH', json: { twitter_handle: 'AnnaBerg' } });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toMatchObject({ code: 'duplicate_identifier', details: { field: 'twitter_handle' } });
  });
});
