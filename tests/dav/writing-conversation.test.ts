import { describe, expect, it } from 'vitest';
import { as, createContact, json } from '../support/client';
import { dav, phoneOf, responsesOf, syncBody, syncTokenIn } from './dav-support';

// What DAVx5 (and iOS) send when the phone's user adds, edits and deletes a contact (RFC 6352
// §6.3.2, RFC 7232 preconditions): a PUT with If-None-Match: * to create, a PUT with If-Match
// to replace, a DELETE with If-Match; a stale ETag is a 412 and nothing changes.

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const NEW_CARD = CRLF([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//bitfire web engineering//DAVx5 4.4//EN',
  'UID:7f1c2e9a-davx5-card',
  'FN:Grace Hopper',
  'N:Hopper;Grace;;;',
  'NICKNAME:Amazing Grace',
  'EMAIL;TYPE=INTERNET,WORK:grace@navy.example',
  'TEL;TYPE=CELL:+1 202 555 0147',
  'ORG:US Navy',
  'TITLE:Rear Admiral',
  'IMPP;X-SERVICE-TYPE=Skype:skype:grace.hopper',
  'item1.URL:https://grace.example/cobol',
  'item1.X-ABLabel:Blog',
  'X-SOCIALPROFILE;TYPE=mastodon:https://social.example/@grace',
  'RELATED;TYPE=colleague:urn:uuid:someone-else',
  'BDAY:1906-12-09',
  'END:VCARD',
]);

async function contactsOf(phone: Awaited<ReturnType<typeof phoneOf>>) {
  return (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];
}

describe('DAVx5: a contact made, edited and deleted on the phone', () => {
  it('creates the contact, keeps what Kith does not model, refuses stale ETags, and round-trips unchanged', async () => {
    const phone = await phoneOf(undefined, 'Pixel (DAVx5)');
    const href = `${phone.book}7f1c2e9a-davx5-card.vcf`;
    const vcard = { 'content-type': 'text/vcard; charset=utf-8' };

    const created = await dav(phone, 'PUT', href, NEW_CARD, { ...vcard, 'if-none-match': '*' });
    expect(created.status).toBe(201);
    // Kith rewrote the card on the way in: no ETag, so the client reads it back.
    expect(created.headers.get('etag')).toBeNull();
    const [grace] = await contactsOf(phone);
    expect(grace).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      emails: ['grace@navy.example'],
      title: 'Rear Admiral',
      company: { name: 'US Navy' },
    });
    expect(grace.phones).toHaveLength(1);
    // The same PUT again is refused: the name is taken.
    expect((await dav(phone, 'PUT', href, NEW_CARD, { ...vcard, 'if-none-match': '*' })).status).toBe(412);

    const read = await dav(phone, 'GET', href);
    const etag = read.headers.get('etag')!;
    const card = await read.text();
    for (const line of [
      'UID:7f1c2e9a-davx5-card',
      'NICKNAME:Amazing Grace',
      'IMPP;X-SERVICE-TYPE=Skype:skype:grace.hopper',
      'item1.URL:https://grace.example/cobol',
      'item1.X-ABLabel:Blog',
      'RELATED;TYPE=colleague:urn:uuid:someone-else',
      'BDAY:1906-12-09',
      `X-KITH-ID:${grace.id}`,
    ])
      expect(card.replace(/\r\n /g, ''), line).toContain(line);
    expect(card).toContain('X-SOCIALPROFILE;TYPE=mastodon:https://social.example/@grace');

    // The sync lists it under the phone's name for it.
    const synced = responsesOf(await (await dav(phone, 'REPORT', phone.book, syncBody(''))).text());
    expect(synced.map((r) => r.href)).toEqual([href]);
    expect(synced[0]!.etag).toBe(etag);

    // A round trip through the phone changes nothing: same card, same ETag.
    const same = await dav(phone, 'PUT', href, card, { ...vcard, 'if-match': etag });
    expect(same.status).toBe(204);
    // Stored as sent: the answer carries the ETag, and the phone need not read the card back.
    expect(same.headers.get('etag')).toBe(etag);
    const again = await dav(phone, 'GET', href);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(card);

    // Meanwhile Kith changes the priority (a field a card has no standard place for) and a tag.
    await as(phone.session, `/api/v1/contacts/${grace.id}`, { method: 'PATCH', json: { priority: 'high' } });
    // The phone, still holding the old ETag, edits: 412, nothing changes.
    const edited = card.replace('TITLE:Rear Admiral', 'TITLE:Commodore');
    const stale = await dav(phone, 'PUT', href, edited, { ...vcard, 'if-match': etag });
    expect(stale.status).toBe(412);
    expect((await contactsOf(phone))[0].title).toBe('Rear Admiral');
    // It reads the card again and edits that: the contact is updated, not duplicated.
    const fresh = await dav(phone, 'GET', href);
    const freshCard = (await fresh.text()).replace('TITLE:Rear Admiral', 'TITLE:Commodore').replace(/X-KITH-PRIORITY:[^\r]*\r\n/, '');
    expect((await dav(phone, 'PUT', href, freshCard, { ...vcard, 'if-match': fresh.headers.get('etag')! })).status).toBe(204);
    const after = await contactsOf(phone);
    expect(after).toHaveLength(1);
    // The phone's card lacked X-KITH-PRIORITY: Kith's priority stays.
    expect(after[0]).toMatchObject({ id: grace.id, title: 'Commodore', priority: 'high' });

    // Deleted on the phone: gone from Kith through its own delete, audited with the device.
    const current = (await dav(phone, 'GET', href)).headers.get('etag')!;
    expect((await dav(phone, 'DELETE', href, undefined, { 'if-match': '"stale"' })).status).toBe(412);
    expect((await dav(phone, 'DELETE', href, undefined, { 'if-match': current })).status).toBe(204);
    expect(await contactsOf(phone)).toEqual([]);
    const audit = (await json(await as(phone.session, '/api/v1/audit-log'))).data as any[];
    expect(audit.find((e) => e.action === 'contact.delete').data).toMatchObject({ via: 'carddav', device: 'Pixel (DAVx5)' });
    expect(audit.find((e) => e.action === 'contact.dav_create').data).toMatchObject({ device: 'Pixel (DAVx5)' });
    expect((await dav(phone, 'GET', href)).status).toBe(404);
  });

  it('edits a contact made in Kith through its card, and a new card with a known email lands on that contact', async () => {
    const phone = await phoneOf();
    const ada = await createContact(phone.session, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });
    const href = `${phone.book}${ada.id}.vcf`;
    const read = await dav(phone, 'GET', href);
    const card = (await read.text()).replace('END:VCARD', 'TEL;TYPE=HOME:+44 20 7946 0001\r\nEND:VCARD');
    expect((await dav(phone, 'PUT', href, card, { 'if-match': read.headers.get('etag')! })).status).toBe(204);
    expect((await contactsOf(phone))[0]).toMatchObject({ id: ada.id, phones: ['+44 20 7946 0001'] });

    const token = syncTokenIn(await (await dav(phone, 'REPORT', phone.book, syncBody(''))).text())!;
    const twin = CRLF(['BEGIN:VCARD', 'VERSION:3.0', 'UID:twin', 'FN:Ada L', 'N:L;Ada;;;', 'EMAIL:ada@example.com', 'END:VCARD']);
    expect((await dav(phone, 'PUT', `${phone.book}twin.vcf`, twin, { 'if-none-match': '*' })).status).toBe(204);
    expect(await contactsOf(phone)).toHaveLength(1);
    const changes = responsesOf(await (await dav(phone, 'REPORT', phone.book, syncBody(token))).text());
    expect(changes.map((r) => r.href)).toEqual([`${phone.book}twin.vcf`]);
  });

  it('refuses a card over the size limit with max-resource-size, and stores nothing', async () => {
    const phone = await phoneOf();
    const note = 'x'.repeat(1_000_001);
    const big = CRLF(['BEGIN:VCARD', 'VERSION:3.0', 'UID:big', 'FN:Big Card', 'N:Card;Big;;;', `NOTE:${note}`, 'END:VCARD']);
    const res = await dav(phone, 'PUT', `${phone.book}big.vcf`, big, { 'content-type': 'text/vcard', 'if-none-match': '*' });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('<card:max-resource-size/>');
    expect(await contactsOf(phone)).toEqual([]);
  });

  it('refuses what is not one vCard, in words', async () => {
    const phone = await phoneOf();
    const res = await dav(phone, 'PUT', `${phone.book}bad.vcf`, 'hello', { 'content-type': 'text/vcard', 'if-none-match': '*' });
    expect(res.status).toBe(415);
    expect(await res.text()).toContain('not a vCard');
    expect(await contactsOf(phone)).toEqual([]);
  });
});
