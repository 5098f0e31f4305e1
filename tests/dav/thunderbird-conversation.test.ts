import { describe, expect, it } from 'vitest';
import { as, createContact, json } from '../support/client';
import { dav, multigetBody, phoneOf, propfindBody, responsesOf, syncBody, syncTokenIn } from './dav-support';

// What Thunderbird's own CardDAV address book (115+) sends, request by request (issue 42): it is
// given the server address and finds the address book from it, syncs with sync-collection and
// multiget, and writes vCard 4.0 cards of its own (EMAIL;PREF=1, TEL;VALUE=TEXT), with
// If-None-Match: * to create and If-Match to replace or delete.

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const TB_CARD = CRLF([
  'BEGIN:VCARD',
  'VERSION:4.0',
  'EMAIL;PREF=1:ann@example.net',
  'FN:Ann Example',
  'N:Example;Ann;;;',
  'TEL;TYPE=cell;VALUE=TEXT:+1 555 0100',
  'NOTE:Met at the library',
  'UID:5b8d3c2e-9a41-4f7e-8d2a-1c0e6f3b7a90',
  'END:VCARD',
]);
const vcard = { 'content-type': 'text/vcard; charset=utf-8' };

describe('Thunderbird: an address book from the server address', () => {
  it('discovers, syncs, creates, edits and deletes, hears of Kith’s changes, and starts over on an expired token', async () => {
    const phone = await phoneOf(undefined, 'Thunderbird');
    const ada = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });

    // Discovery from the address typed in: the root names the principal, the principal the home,
    // and the home, Depth 1, the one address book with what Thunderbird reads before syncing.
    const root = await dav(phone, 'PROPFIND', '/dav/', propfindBody('<A:current-user-principal/>'), { depth: '0' });
    expect(await root.text()).toContain(phone.principal);
    const principal = await dav(phone, 'PROPFIND', phone.principal, propfindBody('<B:addressbook-home-set/>'), { depth: '0' });
    const home = /<card:addressbook-home-set><d:href>([^<]+)<\/d:href>/.exec(await principal.text())![1]!;
    const books = responsesOf(
      await (
        await dav(
          phone,
          'PROPFIND',
          home,
          propfindBody('<A:resourcetype/><A:displayname/><C:getctag/><A:sync-token/><A:current-user-privilege-set/>'),
          {
            depth: '1',
          },
        )
      ).text(),
    );
    const book = books.find((r) => r.xml.includes('<card:addressbook/>'))!;
    expect(book.href).toBe(phone.book);
    expect(book.missing).toEqual([]);

    // Initial sync: ETags by sync-collection, then the cards by multiget.
    const first = await (await dav(phone, 'REPORT', phone.book, syncBody(''))).text();
    const listed = responsesOf(first);
    expect(listed.map((r) => r.href)).toEqual([`${phone.book}${ada.id}.vcf`]);
    const [adaCard] = responsesOf(await (await dav(phone, 'REPORT', phone.book, multigetBody([listed[0]!.href]))).text());
    expect(adaCard!.card).toContain('FN:Ada Lovelace');
    let token = syncTokenIn(first)!;

    // A card made in Thunderbird: a person in Kith, its note and number read.
    const href = `${phone.book}5b8d3c2e-9a41-4f7e-8d2a-1c0e6f3b7a90.vcf`;
    expect((await dav(phone, 'PUT', href, TB_CARD, { ...vcard, 'if-none-match': '*' })).status).toBe(201);
    const contacts = async () => (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];
    const ann = (await contacts()).find((c) => c.first_name === 'Ann')!;
    expect(ann).toMatchObject({ last_name: 'Example', emails: ['ann@example.net'], phones: ['+1 555 0100'], notes: 'Met at the library' });

    // Thunderbird's next sync brings its own card back (Kith rewrote it), with the ETag it then edits against.
    const mine = await (await dav(phone, 'REPORT', phone.book, syncBody(token))).text();
    const annListed = responsesOf(mine).find((r) => r.href === href)!;
    token = syncTokenIn(mine)!;
    const edited = TB_CARD.replace('NOTE:Met at the library', 'NOTE:Met at the library\\, twice');
    // An edit against an ETag that is not the card's: 412, nothing changes.
    expect((await dav(phone, 'PUT', href, edited, { ...vcard, 'if-match': '"0000"' })).status).toBe(412);
    expect((await dav(phone, 'PUT', href, edited, { ...vcard, 'if-match': annListed.etag! })).status).toBe(204);
    expect((await contacts()).find((c) => c.id === ann.id)).toMatchObject({ notes: 'Met at the library, twice' });

    // Kith edits Ada and deletes nothing yet; Thunderbird hears of Ada and of its own edit.
    await as(phone.session, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { title: 'Countess' } });
    const next = await (await dav(phone, 'REPORT', phone.book, syncBody(token, '<D:getetag/><C:address-data/>'))).text();
    const changed = new Map(responsesOf(next).map((r) => [r.href, r]));
    expect(changed.get(`${phone.book}${ada.id}.vcf`)!.card).toContain('TITLE:Countess');
    token = syncTokenIn(next)!;

    // Deleted in Thunderbird: gone from Kith; deleted in Kith: a 404 at Thunderbird's next sync.
    const annEtag = (await dav(phone, 'GET', href)).headers.get('etag')!;
    expect((await dav(phone, 'DELETE', href, undefined, { 'if-match': annEtag })).status).toBe(204);
    await as(phone.session, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' });
    expect(await contacts()).toEqual([]);
    const after = await (await dav(phone, 'REPORT', phone.book, syncBody(token))).text();
    expect(responsesOf(after).find((r) => r.href === `${phone.book}${ada.id}.vcf`)!.status).toContain('404');

    // A token Kith never gave (or swept past): valid-sync-token, and Thunderbird syncs from the start.
    const expired = await dav(phone, 'REPORT', phone.book, syncBody('https://kith.app/ns/sync/999999999'));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<d:valid-sync-token/>');
    expect(responsesOf(await (await dav(phone, 'REPORT', phone.book, syncBody(''))).text())).toEqual([]);
  });
});
