import { describe, expect, it } from 'vitest';
import { as, json } from '../support/client';
import { dav, phoneOf } from './dav-support';

// #42: a number deleted in Kith frees its label (Apple's item-grouped X-ABLabel). A number added
// in Kith at the same time is a new number, not the deleted one edited: it must not come back to
// the phone under the freed label. A number edited in place still keeps its own.

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const vcard = { 'content-type': 'text/vcard; charset=utf-8' };
const unfolded = (card: string) => card.replace(/\r\n[ \t]/g, '');

const CARD = CRLF([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Okafor;Ngozi;;;',
  'FN:Ngozi Okafor',
  'item1.TEL:+1 408 555 0103',
  'item1.X-ABLabel:Office',
  'TEL;type=CELL;type=VOICE:+1 408 555 0101',
  'TEL;type=HOME;type=VOICE:+1 408 555 0102',
  'UID:freed-label-card',
  'END:VCARD',
]);

describe('a label freed by a number deleted in Kith', () => {
  it('does not go to a number added in Kith, and an edited number keeps its own', async () => {
    const phone = await phoneOf(undefined, 'iPhone 13');
    const href = `${phone.book}freed-label-card.vcf`;
    expect((await dav(phone, 'PUT', href, CARD, { ...vcard, 'if-none-match': '*' })).status).toBe(201);
    const [ngozi] = (await json(await as(phone.session, '/api/v1/contacts'))).data;
    expect(ngozi.phones).toEqual(['+1 408 555 0103', '+1 408 555 0101', '+1 408 555 0102']);

    // In Kith: the office number is deleted, the home number corrected, and a new number added.
    const patched = await as(phone.session, `/api/v1/contacts/${ngozi.id}`, {
      method: 'PATCH',
      json: { phones: ['+1 408 555 0101', '+1 408 555 0199', '+1 408 555 0777'] },
    });
    expect(patched.status).toBe(200);
    const card = unfolded(await (await dav(phone, 'GET', href)).text());
    expect(card).not.toContain('Office');
    expect(card).not.toContain('555 0103');
    expect(card).toContain('\r\nTEL;type=CELL;type=VOICE:+1 408 555 0101\r\n');
    expect(card).toContain('\r\nTEL;type=HOME;type=VOICE:+1 408 555 0199\r\n');
    const added = card.split('\r\n').filter((line) => line.includes('555 0777'));
    expect(added).toHaveLength(1);
    expect(added[0]).not.toMatch(/^item\d+\./);
    expect(added[0]).not.toMatch(/HOME|CELL/i);
  });
});
