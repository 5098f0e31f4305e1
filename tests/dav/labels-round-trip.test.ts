import { describe, expect, it } from 'vitest';
import { as, json } from '../support/client';
import { eventually } from '../support/eventually';
import { dav, phoneOf, type Phone } from './dav-support';

// #42: what iOS Contacts writes for a labelled contact comes back line for line: each number's
// and email's TYPE and Apple label (item-grouped X-ABLabel), the address as written, a note over
// several lines, the department beside the company, a birthday without a year, the photo. An edit
// in Kith keeps the labels of the numbers it did not touch, and of the one it edited.

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const vcard = { 'content-type': 'text/vcard; charset=utf-8' };

const LABELLED = [
  'EMAIL;type=INTERNET;type=WORK;type=pref:johnny@apple.example',
  'item1.EMAIL;type=INTERNET:jappleseed@school.example',
  'item1.X-ABLabel:School',
  'TEL;type=CELL;type=VOICE;type=pref:+1 (408) 555-0101',
  'TEL;type=HOME;type=VOICE:+1 408 555 0102',
  'item2.TEL:+1 408 555 0103',
  'item2.X-ABLabel:Office',
  'ORG:Apple Inc.;Engineering;',
  'item3.ADR;type=HOME;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;United States',
  'item3.X-ABADR:us',
  'BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15',
  `PHOTO;ENCODING=b;TYPE=PNG:${PNG}`,
];
const IOS_CARD = CRLF([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.1//EN',
  'N:Appleseed;Johnny;;;',
  'FN:Johnny Appleseed',
  'TITLE:Engineer',
  ...LABELLED,
  'NOTE:Met at WWDC.\\nLikes hiking\\, coffee.',
  'UID:9B3F2C1A-IOS-CARD',
  'END:VCARD',
]);

const unfolded = (card: string) => card.replace(/\r\n[ \t]/g, '');
async function contactsOf(phone: Phone) {
  return (await json(await as(phone.session, '/api/v1/contacts?page_size=50'))).data as any[];
}

describe('iOS Contacts: labels and the lines Kith models come back as the phone wrote them', () => {
  it('keeps each number and email with its type and label, through a GET, a round trip and an edit in Kith', async () => {
    const phone = await phoneOf(undefined, 'iPhone 15');
    const href = `${phone.book}9B3F2C1A-IOS-CARD.vcf`;
    expect((await dav(phone, 'PUT', href, IOS_CARD, { ...vcard, 'if-none-match': '*' })).status).toBe(201);
    // The place is geocoded in the background, which adds GEO to the card: the round trip starts after it.
    const [johnny] = await eventually(
      () => contactsOf(phone),
      ([c]) => c.geocode_status !== 'pending',
      'the place geocoded',
    );
    expect(johnny).toMatchObject({
      first_name: 'Johnny',
      company: { name: 'Apple Inc.' },
      location: 'Cupertino, CA, United States',
      notes: 'Met at WWDC.\nLikes hiking, coffee.',
    });
    expect(johnny.phones).toHaveLength(3);
    expect(johnny.emails).toEqual(['johnny@apple.example', 'jappleseed@school.example']);

    const read = await dav(phone, 'GET', href);
    const card = unfolded(await read.text());
    for (const line of [...LABELLED, 'NOTE:Met at WWDC.\\nLikes hiking\\, coffee.']) expect(card, line).toContain(`\r\n${line}\r\n`);
    expect(card).not.toMatch(/TYPE=pref:\+1/);

    // A round trip through the phone changes nothing, and the note does not grow.
    expect((await dav(phone, 'PUT', href, card, { ...vcard, 'if-match': read.headers.get('etag')! })).status).toBe(204);
    const again = await dav(phone, 'GET', href);
    expect(again.headers.get('etag')).toBe(read.headers.get('etag'));
    expect(unfolded(await again.text())).toBe(card);
    expect((await contactsOf(phone))[0].notes).toBe('Met at WWDC.\nLikes hiking, coffee.');

    // In Kith, the home number is corrected and the company renamed.
    const phones = johnny.phones.map((p: string) => (p === '+1 408 555 0102' ? '+1 408 555 0199' : p));
    const patched = await as(phone.session, `/api/v1/contacts/${johnny.id}`, {
      method: 'PATCH',
      json: { phones, company: 'Apple' },
    });
    expect(patched.status).toBe(200);
    const edited = unfolded(await (await dav(phone, 'GET', href)).text());
    for (const line of [
      'TEL;type=CELL;type=VOICE;type=pref:+1 (408) 555-0101',
      'TEL;type=HOME;type=VOICE:+1 408 555 0199',
      'item2.TEL:+1 408 555 0103',
      'item2.X-ABLabel:Office',
      'item1.X-ABLabel:School',
      'ORG:Apple;Engineering;',
    ])
      expect(edited, line).toContain(`\r\n${line}\r\n`);
    expect(edited).not.toContain('555 0102');

    // A number deleted in Kith goes from the card with its label.
    await as(phone.session, `/api/v1/contacts/${johnny.id}`, { method: 'PATCH', json: { phones: [phones[0]] } });
    const fewer = unfolded(await (await dav(phone, 'GET', href)).text());
    expect(fewer).not.toContain('Office');
    expect(fewer.match(/TEL/g)).toHaveLength(1);
  });

  it('keeps a 4.0 birthday without a year and a photo at a web address', async () => {
    const phone = await phoneOf(undefined, 'Pixel (DAVx5)');
    const href = `${phone.book}davx5-v4.vcf`;
    const lines = ['BDAY:--0415', 'PHOTO;VALUE=uri:https://photos.example/ada.jpg', 'TEL;TYPE=cell:+44 20 7946 0001'];
    const card = CRLF(['BEGIN:VCARD', 'VERSION:4.0', 'UID:davx5-v4', 'FN:Ada Lovelace', 'N:Lovelace;Ada;;;', ...lines, 'END:VCARD']);
    expect((await dav(phone, 'PUT', href, card, { ...vcard, 'if-none-match': '*' })).status).toBe(201);
    const [ada] = await contactsOf(phone);
    expect(ada.avatar_url).toBe('https://photos.example/ada.jpg');
    const read = unfolded(await (await dav(phone, 'GET', href, undefined, { accept: 'text/vcard; version=4.0' })).text());
    expect(read).toContain('\r\nBDAY:--0415\r\n');
    expect(read).toContain('\r\nTEL;TYPE=cell:+44 20 7946 0001\r\n');
    expect(read).toContain('\r\nPHOTO:https://photos.example/ada.jpg\r\n');
  });
});
