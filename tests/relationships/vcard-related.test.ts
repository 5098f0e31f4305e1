import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';
import { dav, phoneOf } from '../dav/dav-support';

// #45: a card's related names (vCard 4.0 RELATED, Apple's item.X-ABRelatedNames with its
// X-ABLabel) become links, to the one contact of that name or to a lightweight person; the
// export writes them back; a phone's round trip keeps the link and the label it wrote.

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const vcard = { 'content-type': 'text/vcard; charset=utf-8' };
const unfolded = (card: string) => card.replace(/\r\n[ \t]/g, '');

const links = async (me: Session, contactId: string) =>
  (await json(await as(me, `/api/v1/contacts/${contactId}/relationships`))).data.map((r: any) => [
    r.other.name,
    r.other.type,
    r.kind,
    r.description,
  ]);

// As iOS Contacts and a vCard 4.0 exporter write them.
const FILE = CRLF([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Berg;Ana;;;',
  'FN:Ana Berg',
  'item1.X-ABRELATEDNAMES:Bo Berg',
  'item1.X-ABLabel:_$!<Spouse>!$_',
  'item2.X-ABRELATEDNAMES:Mia Berg',
  'item2.X-ABLabel:_$!<Daughter>!$_',
  'item3.X-ABRELATEDNAMES:Ivo Petrov',
  'item3.X-ABLabel:godfather',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Bo Berg',
  'N:Berg;Bo;;;',
  'RELATED;TYPE=friend;VALUE=text:Cy Adams',
  'RELATED;TYPE=co-worker:urn:uuid:0c6e5d2a-8c1f-4d57-9f3c-0a0b0c0d0e0f',
  'END:VCARD',
]);

async function importVcard(session: Session, contents: string) {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  expect(res.status).toBe(202);
  return waitForImport(session, (await json(res)).data.import_id);
}

describe('vCard related names', () => {
  it('imports RELATED and X-ABRelatedNames as links: the one contact of that name, else a lightweight person; a second import adds nothing', async () => {
    const me = await signUp();
    const cy = await createContact(me, { first_name: 'Cy', last_name: 'Adams' });
    expect(await importVcard(me, FILE)).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const byName = new Map((await allContacts(me)).map((c) => [c.full_name, c]));
    const ana = byName.get('Ana Berg');
    const bo = byName.get('Bo Berg');
    expect((await links(me, ana.id)).sort()).toEqual(
      [
        ['Bo Berg', 'contact', 'spouse', 'spouse'],
        ['Ivo Petrov', 'person', 'custom', 'godfather'],
        ['Mia Berg', 'person', 'child', 'child'],
      ].sort(),
    );
    // Both sides of a link between contacts; a URI that names no one here is no link.
    expect((await links(me, bo.id)).sort()).toEqual(
      [
        ['Ana Berg', 'contact', 'spouse', 'spouse'],
        ['Cy Adams', 'contact', 'friend', 'friend'],
      ].sort(),
    );
    expect(await links(me, cy.id)).toEqual([['Bo Berg', 'contact', 'friend', 'friend']]);

    await importVcard(me, FILE);
    expect(await links(me, ana.id)).toHaveLength(3);
    expect(await links(me, bo.id)).toHaveLength(2);
  });

  it('exports links as RELATED (4.0) and Apple’s labelled X-ABRelatedNames, which a fresh account imports back', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Berg' });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Berg' });
    const post = (id: string, body: unknown) => as(me, `/api/v1/contacts/${id}/relationships`, { method: 'POST', json: body });
    expect((await post(ana.id, { kind: 'child', other_contact_id: bo.id })).status).toBe(201);
    expect((await post(ana.id, { kind: 'custom', label: 'godfather', person: { name: 'Ivo Petrov' } })).status).toBe(201);
    expect((await post(bo.id, { kind: 'mentor', person: { name: 'Dee Lund' } })).status).toBe(201);

    const vcf = unfolded(await (await as(me, '/api/v1/contacts/export.vcf')).text());
    expect(vcf).toContain('\r\nRELATED;TYPE=child;VALUE=text:Bo Berg\r\n');
    expect(vcf).toContain('\r\nRELATED;TYPE=parent;VALUE=text:Ana Berg\r\n');
    expect(vcf).toMatch(/\r\n(item\d+)\.RELATED;VALUE=text:Ivo Petrov\r\n\1\.X-ABLabel:godfather\r\n/);

    const fresh = await signUp();
    await importVcard(fresh, vcf);
    const byName = new Map((await allContacts(fresh)).map((c) => [c.full_name, c]));
    expect((await links(fresh, byName.get('Ana Berg').id)).sort()).toEqual(
      [
        ['Bo Berg', 'contact', 'child', 'child'],
        ['Ivo Petrov', 'person', 'custom', 'godfather'],
      ].sort(),
    );
    expect((await links(fresh, byName.get('Bo Berg').id)).sort()).toEqual(
      [
        ['Ana Berg', 'contact', 'parent', 'parent'],
        ['Dee Lund', 'person', 'mentor', 'mentor'],
      ].sort(),
    );
  });

  it('a phone’s round trip keeps the link and the label it wrote ("Mother"); a name removed on the phone unlinks both sides', async () => {
    const phone = await phoneOf(undefined, 'iPhone');
    const me = phone.session;
    const mom = await createContact(me, { first_name: 'Lena', last_name: 'Berg' });
    const RELATED = [
      'item1.X-ABRelatedNames:Lena Berg',
      'item1.X-ABLabel:_$!<Mother>!$_',
      'item2.X-ABRelatedNames:Rex',
      'item2.X-ABLabel:dog',
    ];
    const card = (related: string[]) =>
      CRLF(['BEGIN:VCARD', 'VERSION:3.0', 'N:Berg;Ana;;;', 'FN:Ana Berg', ...related, 'UID:ANA-IOS', 'END:VCARD']);
    const href = `${phone.book}ANA-IOS.vcf`;
    expect((await dav(phone, 'PUT', href, card(RELATED), { ...vcard, 'if-none-match': '*' })).status).toBe(201);
    const ana = (await allContacts(me)).find((c) => c.full_name === 'Ana Berg');
    expect((await links(me, ana.id)).sort()).toEqual(
      [
        ['Lena Berg', 'contact', 'parent', 'parent'],
        ['Rex', 'person', 'custom', 'dog'],
      ].sort(),
    );
    expect(await links(me, mom.id)).toEqual([['Ana Berg', 'contact', 'child', 'child']]);

    // The phone reads back its own lines, label as it wrote it, and a round trip changes nothing.
    const read = await dav(phone, 'GET', href);
    const served = unfolded(await read.text());
    for (const line of RELATED) expect(served, line).toContain(`\r\n${line}\r\n`);
    expect((await dav(phone, 'PUT', href, served, { ...vcard, 'if-match': read.headers.get('etag')! })).status).toBe(204);
    const again = await dav(phone, 'GET', href);
    expect(again.headers.get('etag')).toBe(read.headers.get('etag'));
    expect(await links(me, ana.id)).toHaveLength(2);

    // A link added in Kith reaches the phone (a new ETag), in Apple's form.
    const dee = await createContact(me, { first_name: 'Dee', last_name: 'Lund' });
    await as(me, `/api/v1/contacts/${ana.id}/relationships`, { method: 'POST', json: { kind: 'friend', other_contact_id: dee.id } });
    const withDee = await dav(phone, 'GET', href);
    expect(withDee.headers.get('etag')).not.toBe(read.headers.get('etag'));
    expect(unfolded(await withDee.text())).toMatch(/\r\n(item\d+)\.X-ABRELATEDNAMES:Dee Lund\r\n\1\.X-ABLabel:_\$!<Friend>!\$_\r\n/);

    // The phone removes the mother: unlinked on both sides; the dog and the friend stay.
    const trimmed = unfolded(await (await dav(phone, 'GET', href)).text())
      .split('\r\n')
      .filter((l) => !l.startsWith('item1.'))
      .join('\r\n');
    expect((await dav(phone, 'PUT', href, trimmed, { ...vcard, 'if-match': withDee.headers.get('etag')! })).status).toBe(204);
    expect((await links(me, ana.id)).map((l: string[]) => l[0]).sort()).toEqual(['Dee Lund', 'Rex']);
    expect(await links(me, mom.id)).toEqual([]);
  });
});
