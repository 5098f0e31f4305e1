import { describe, expect, it } from 'vitest';
import { dav, phoneOf } from '../dav/dav-support';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';

// ADR 075: a fax, a pager or an assistant's line from Outlook's CSV is one of the contact's
// phones with its label, and the vCard export and the phone's CardDAV card write the label back
// (TYPE=WORK,FAX; Apple's X-ABLabel for a label vCard has no word for).

const OUTLOOK = [
  "First Name,Last Name,E-mail Address,Assistant's Phone,Business Fax,Business Phone,Home Fax,Pager",
  'Wangari,Maathai,wangari@greenbelt.example,+254 20 555 0100,+254 20 555 0101,+254 20 555 0102,+254 20 555 0106,+254 733 555 0110',
  '',
].join('\r\n');

const unfolded = (card: string) => card.replace(/\r\n[ \t]/g, '');

async function importVcard(me: Session, file: string) {
  const res = await upload(me, '/api/v1/imports/vcard', file, {}, 'kith.vcf');
  expect(res.status).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id);
}

describe("a fax is one of the contact's phones, with its label (ADR 075)", () => {
  it("imports Outlook's fax and pager columns as phones after the numbers one calls, and keeps their labels", async () => {
    const me = await signUp();
    const { data } = await json(await upload(me, '/api/v1/imports/csv/preview', OUTLOOK));
    expect(data.suggested_mapping).toMatchObject({ 'Business Fax': 'phones', 'Home Fax': 'phones', Pager: 'phones' });
    expect(await importCsv(me, OUTLOOK)).toMatchObject({ status: 'done', created: 1, failed: 0, warned: 0 });
    const [wangari] = await allContacts(me);
    expect(wangari.phones).toEqual(['+254 20 555 0100', '+254 20 555 0102', '+254 20 555 0101', '+254 20 555 0106', '+254 733 555 0110']);
    expect(wangari.notes).toBe(
      'Phones:\nAssistant: +254 20 555 0100\nBusiness Fax: +254 20 555 0101\nBusiness: +254 20 555 0102\nHome Fax: +254 20 555 0106\nPager: +254 733 555 0110',
    );
  });

  it('writes the labels back as TYPE=FAX in the vCard export and the CardDAV card, and a re-import adds no second "Phones:" block', async () => {
    const me = await signUp();
    await importCsv(me, OUTLOOK);
    const [wangari] = await allContacts(me);

    const vcf = unfolded(await (await as(me, '/api/v1/contacts/export.vcf')).text());
    expect(vcf).toMatch(/\r\n(item\d+)\.TEL;PREF=1:\+254 20 555 0100\r\n\1\.X-ABLabel:Assistant\r\n/);
    expect(vcf).toContain('\r\nTEL;TYPE=WORK:+254 20 555 0102\r\n');
    expect(vcf).toContain('\r\nTEL;TYPE=WORK,FAX:+254 20 555 0101\r\n');
    expect(vcf).toContain('\r\nTEL;TYPE=HOME,FAX:+254 20 555 0106\r\n');
    expect(vcf).toContain('\r\nTEL;TYPE=PAGER:+254 733 555 0110\r\n');

    const phone = await phoneOf(me);
    const card = unfolded(await (await dav(phone, 'GET', `${phone.book}${wangari.id}.vcf`)).text());
    expect(card).toContain('\r\nVERSION:3.0\r\n');
    expect(card).toMatch(/\r\n(item\d+)\.TEL;TYPE=pref:\+254 20 555 0100\r\n\1\.X-ABLabel:Assistant\r\n/);
    expect(card).toContain('\r\nTEL;TYPE=WORK,FAX:+254 20 555 0101\r\n');
    expect(card).toContain('\r\nTEL;TYPE=HOME,FAX:+254 20 555 0106\r\n');

    const fresh = await signUp();
    expect(await importVcard(fresh, vcf)).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const [again] = await allContacts(fresh);
    expect(again.phones).toEqual(wangari.phones);
    expect(again.notes).toBe(wangari.notes);
  });

  it("writes a vCard's email label and text telephone back: EMAIL;TYPE=WORK, 4.0's TYPE=TEXTPHONE", async () => {
    const me = await signUp();
    const file = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Johnson;Katherine;;;',
      'EMAIL;TYPE=INTERNET,WORK:katherine@nasa.example',
      'TEL;TYPE=CELL:+1 757 555 0100',
      'TEL;TYPE=X-EVOLUTION-TTYTDD:+1 757 555 0101',
      'END:VCARD',
      '',
    ].join('\r\n');
    expect(await importVcard(me, file)).toMatchObject({ status: 'done', created: 1 });
    const vcf = unfolded(await (await as(me, '/api/v1/contacts/export.vcf')).text());
    expect(vcf).toContain('\r\nEMAIL;TYPE=WORK;PREF=1:katherine@nasa.example\r\n');
    expect(vcf).toContain('\r\nTEL;TYPE=CELL;PREF=1:+1 757 555 0100\r\n');
    expect(vcf).toContain('\r\nTEL;TYPE=TEXTPHONE:+1 757 555 0101\r\n');
  });
});
