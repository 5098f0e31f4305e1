import { describe, expect, it } from 'vitest';
import { as, createContact, json } from '../support/client';
import { dav, phoneOf } from './dav-support';

// ADR 031: a new card from the phone whose number a contact has already lands on that contact
// only when the names fit; another name on the same line is another person, and both keep it.

const LANDLINE = '+46 8 123 4567';
const vcard = { 'content-type': 'text/vcard; charset=utf-8', 'if-none-match': '*' };
const card = (uid: string, first: string, last: string, extra: string[] = []) =>
  [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `UID:${uid}`,
    `FN:${first} ${last}`,
    `N:${last};${first};;;`,
    `TEL;TYPE=HOME:${LANDLINE}`,
    ...extra,
    'END:VCARD',
    '',
  ].join('\r\n');

describe('CardDAV: a card with a number another contact has', () => {
  it('is a new contact sharing the line when the name is another, and the same contact when the name fits', async () => {
    const phone = await phoneOf();
    const anna = await createContact(phone.session, { first_name: 'Anna', last_name: 'Berg', phones: [LANDLINE] });

    const carl = await dav(phone, 'PUT', `${phone.book}carl-berg.vcf`, card('carl-berg', 'Carl', 'Berg'), vcard);
    expect(carl.status).toBe(201);
    const contacts = (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];
    expect(contacts.map((c) => [c.full_name, c.phones]).sort()).toEqual([
      ['Anna Berg', [LANDLINE]],
      ['Carl Berg', [LANDLINE]],
    ]);

    const again = await dav(phone, 'PUT', `${phone.book}anna.vcf`, card('anna', 'Anna', 'Berg', ['TITLE:Teacher']), vcard);
    expect(again.status).toBe(204);
    const after = (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];
    expect(after).toHaveLength(2);
    expect(after.find((c) => c.id === anna.id)).toMatchObject({ title: 'Teacher', phones: [LANDLINE] });
  });
});
