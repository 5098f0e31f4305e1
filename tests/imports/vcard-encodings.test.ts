import { describe, expect, inject, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';

/** A fixture's exact bytes (see tests/fixtures/vcard/make-byte-fixtures.mjs). */
const fixture = (name: string) => Uint8Array.from(atob(inject('vcardFixtures')[name]!), (c) => c.charCodeAt(0));

async function importVcard(session: Session, contents: string | Uint8Array) {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  if (res.status !== 202) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return waitForImport(session, (await json(res)).data.import_id);
}
const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);

describe('vCard bytes: folds, charsets, UTF-16', () => {
  it('unfolds a fold that splits a UTF-8 character before decoding (Greek, Russian, Chinese come back whole)', async () => {
    const me = await signUp();
    expect(await importVcard(me, fixture('ios-fold-inside-utf8.vcf'))).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const contacts = await allContacts(me);
    expect(byName(contacts, 'Αλέξανδρος Κωνσταντίνος Παπαδόπουλος-Καραμανλής')).toMatchObject({
      first_name: 'Αλέξανδρος Κωνσταντίνος',
      last_name: 'Παπαδόπουλος-Καραμανλής',
      company: { name: 'Ελληνική Εταιρεία Ναυτιλιακών Μεταφορών και Λιμενικών Υπηρεσιών' },
      notes:
        'Познакомились в Салониках на конференции по судоходству. Любит чай с лимоном, говорит по-русски и по-гречески.\nПозвонить в марте.' +
        '\n\nPhones:\nMobile: +30 694 123 4567\n\nEmails:\nΓραφείο: alexandros@ploia.example',
      tags: expect.arrayContaining(['Ναυτιλία', 'Друзья']),
    });
    expect(byName(contacts, '欧阳 明华') ?? contacts.find((c) => c.last_name === '欧阳')).toMatchObject({
      first_name: '明华',
      title: '首席数据科学家兼人工智能实验室主任',
      company: { name: '上海长江国际航运物流集团有限公司研究开发中心数据科学部门' },
      notes:
        '二零一九年在上海认识。喜欢喝龙井茶，周末去杭州爬山。下次见面时带一本关于长江航运历史的书。\n\nEmails:\nWork: minghua@changjiang.example',
    });
  });

  it('reads Outlook 2003 quoted-printable Windows-1252 with soft line breaks, and a raw 8-bit CHARSET value', async () => {
    const me = await signUp();
    expect(await importVcard(me, fixture('outlook-2003-qp-windows-1252.vcf'))).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const [amelie] = await allContacts(me);
    expect(amelie).toMatchObject({
      first_name: 'Amélie',
      last_name: 'Lefèvre',
      company: { name: 'Café Crème – Pâtisserie' },
      notes:
        'Rencontrée au Salon du Chocolat. Commande “spéciale” de 1 200 € pour Noël.\r\nPréfère être appelée l’après-midi.\n\nPhones:\nWork: +33 1 42 68 53 00',
    });
  });

  it('reads Android 2.1 with bare LF lines: a soft break inside a UTF-8 character, and an LF fold', async () => {
    const me = await signUp();
    expect(await importVcard(me, fixture('android-qp-utf8-lf.vcf'))).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const [katya] = await allContacts(me);
    expect(katya).toMatchObject({
      first_name: 'Екатерина',
      last_name: 'Смирнова',
      title: 'Senior engineer, search quality',
      // Android keeps the nickname in X-ANDROID-CUSTOM: kept in the notes (ADR 065).
      notes:
        'Встретились в Москве. Работает в «Яндексе», любит шахматы и джаз.\n\nNickname: Катя\n\nPhones:\nMobile: +7 916 555-12-34\n\nEmails:\nHome: katya@pochta.example',
      phones: ['+7 916 555-12-34'],
    });
  });

  it('decides the charset per card: a UTF-8 card and a Windows-1252 card in one file both read right', async () => {
    const me = await signUp();
    const both = new Uint8Array([...fixture('ios-fold-inside-utf8.vcf'), ...fixture('outlook-2003-qp-windows-1252.vcf')]);
    expect(await importVcard(me, both)).toMatchObject({ status: 'done', created: 3, failed: 0 });
    const names = (await allContacts(me)).map((c) => c.full_name);
    expect(names).toEqual(expect.arrayContaining(['Amélie Lefèvre', 'Αλέξανδρος Κωνσταντίνος Παπαδόπουλος-Καραμανλής']));
    expect(names.some((n) => n.includes('明华') && n.includes('欧阳'))).toBe(true);
  });

  it.each(['macosx-utf16le-no-bom.vcf', 'macosx-utf16be-no-bom.vcf'])('imports UTF-16 without a byte-order mark (%s)', async (name) => {
    const me = await signUp();
    expect(await importVcard(me, fixture(name))).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect((await allContacts(me))[0]).toMatchObject({
      first_name: 'Björn',
      last_name: 'Åström',
      company: { name: 'Nordisk Design AB' },
      emails: ['bjorn@nordisk.example'],
      notes: 'Träffades i Göteborg 2006. 日本語も話せる。\n\nPhones:\nWork: +46 8 555 012 34\n\nEmails:\nWork: bjorn@nordisk.example',
    });
  });

  it('still refuses real binary data, with the error envelope', async () => {
    const me = await signUp();
    // A PNG header, then bytes: NULs with no UTF-16 pattern.
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0x40, 0, 0, 0, 0x40, 8, 6, 0, 0, 0,
      0xaa, 0x69, 0x71, 0xde,
    ]);
    const res = await upload(me, '/api/v1/imports/vcard', png, {}, 'photo.vcf');
    expect(res.status).toBe(415);
    expect((await json(res)).error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/binary data/) });
  });
});

describe('company cards', () => {
  it('imports a company card as an organization with its phone, email, address, website and note, and counts it', async () => {
    const me = await signUp();
    // The user already has Nordwind, with a phone of their own: the card only adds what it lacks.
    const own = await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'NORDWIND tischlerei', phone: '+49 40 555 0000' } });
    expect(own.status).toBe(201);
    const result = await importVcard(me, fixture('apple-company-cards.vcf'));
    expect(result).toMatchObject({ status: 'done', total: 3, created: 1, organizations: 2, skipped: 0, failed: 0, errors: [] });
    const contacts = await allContacts(me);
    expect(contacts.map((c) => c.full_name)).toEqual(['Joseph Clement']);
    const orgs = (await json(await as(me, '/api/v1/organizations?page_size=50'))).data;
    const babbage = orgs.find((o: any) => o.name === 'Babbage & Sons Instrument Makers');
    expect(babbage).toMatchObject({
      phone: '+44 20 7946 0300',
      email: 'orders@babbage-sons.example',
      website: 'https://babbage-sons.example',
      location: 'London, United Kingdom',
    });
    expect(babbage.notes).toContain('Supplier of brass gears.\nAsk for Mr. Clement, the foreman.');
    expect(babbage.notes).toContain('Work: 1 Dorset Street, London, W1U 4EG, United Kingdom');
    expect(babbage.notes).toContain('Phone: +44 20 7946 0301');
    // Joseph works there: his company is the same organization.
    expect(contacts[0].company).toEqual({ id: babbage.id, name: babbage.name });
    expect(orgs.filter((o: any) => /nordwind/i.test(o.name))).toMatchObject([{ name: 'NORDWIND tischlerei', phone: '+49 40 555 0000' }]);
    // Joseph's photo (base64 folded over many lines) is a JPEG served to its owner.
    const photo = await as(me, contacts[0].avatar_url);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await photo.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);

    // A re-import finds the organizations again and adds nothing.
    expect(await importVcard(me, fixture('apple-company-cards.vcf'))).toMatchObject({ created: 0, organizations: 2 });
    const again = (await json(await as(me, '/api/v1/organizations?page_size=50'))).data;
    expect(again).toHaveLength(orgs.length);
  });
});

describe("Google's system groups", () => {
  const vcf = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'FN:Rosalind Franklin',
    'N:Franklin;Rosalind;;;',
    'EMAIL:rosalind@kings.example',
    'CATEGORIES:myContacts,starred,Crystallography,* Friends,Starred in Android',
    'END:VCARD',
    '',
  ].join('\r\n');
  const csv =
    'First Name,Last Name,E-mail 1 - Value,Labels\r\nRosalind,Franklin,rosalind@kings.example,* myContacts ::: * starred ::: Crystallography ::: * Friends ::: myContacts\r\n';

  it("are dropped the same way by the vCard and the CSV import; the user's own labels stay tags", async () => {
    const viaVcard = await signUp();
    await importVcard(viaVcard, vcf);
    const viaCsv = await signUp();
    await importCsv(viaCsv, csv, { 'First Name': 'first_name', 'Last Name': 'last_name', 'E-mail 1 - Value': 'emails', Labels: 'tags' });
    const tagsOf = async (s: Session) => [...(await allContacts(s))[0].tags].sort();
    expect(await tagsOf(viaVcard)).toEqual(['Crystallography', 'Friends']);
    expect(await tagsOf(viaCsv)).toEqual(['Crystallography', 'Friends']);
  });
});
