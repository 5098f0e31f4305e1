import { describe, expect, it } from 'vitest';
import { as, json } from '../support/client';
import { dav, phoneOf, propfindBody, responsesOf, type Phone } from './dav-support';

// ADR 078: a phone syncing a group (iOS and macOS Contacts: X-ADDRESSBOOKSERVER-KIND:group with
// its members' UIDs; DAVx5 and vCard 4.0: KIND:group with MEMBER) made a contact named after the
// group. Kith has tags, not groups: the card is refused in CardDAV's terms (403 with a
// precondition and a description the phone shows), and nothing is stored; a file import still
// turns the same card into tags (ADR 075).

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const vcard = { 'content-type': 'text/vcard; charset=utf-8' };
const APPLE_GROUP = crlf(
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.1//EN',
  'N:Friends',
  'FN:Friends',
  'X-ADDRESSBOOKSERVER-KIND:group',
  'X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:5AD380FD-ADA',
  'UID:GROUP-FRIENDS',
  'END:VCARD',
);
const VCARD4_GROUP = crlf(
  'BEGIN:VCARD',
  'VERSION:4.0',
  'PRODID:-//DAVx5//EN',
  'KIND:group',
  'FN:Chess club',
  'MEMBER:urn:uuid:77C1-ALAN',
  'UID:GROUP-CHESS',
  'END:VCARD',
);
const ADA = crlf('BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'UID:5AD380FD-ADA', 'END:VCARD');

const contacts = async (phone: Phone) => (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];

describe('CardDAV: a phone’s group card (ADR 078)', () => {
  it('is refused with a precondition and a reason, and makes no contact named after the group', async () => {
    const phone = await phoneOf(undefined, 'Ada’s iPhone');
    expect((await dav(phone, 'PUT', `${phone.book}5AD380FD-ADA.vcf`, ADA, { ...vcard, 'if-none-match': '*' })).status).toBe(201);

    for (const [name, body, group] of [
      ['GROUP-FRIENDS.vcf', APPLE_GROUP, 'Friends'],
      ['GROUP-CHESS.vcf', VCARD4_GROUP, 'Chess club'],
    ] as const) {
      const refused = await dav(phone, 'PUT', `${phone.book}${name}`, body, { ...vcard, 'if-none-match': '*' });
      expect(refused.status, name).toBe(403);
      const text = (await refused.text()).replace(/&quot;/g, '"');
      expect(text).toContain('<k:no-group-cards xmlns:k="https://kith.app/ns/"/>');
      expect(text).toContain(`"${group}" is a group, and Kith keeps no groups over sync: it has tags instead.`);
      expect((await dav(phone, 'GET', `${phone.book}${name}`)).status, name).toBe(404);
    }

    expect((await contacts(phone)).map((c) => c.full_name)).toEqual(['Ada Lovelace']);
    const listed = responsesOf(await (await dav(phone, 'PROPFIND', phone.book, propfindBody('<A:getetag/>'), { depth: '1' })).text());
    expect(listed.map((r) => r.href).sort()).toEqual([phone.book, `${phone.book}5AD380FD-ADA.vcf`].sort());
  });
});
