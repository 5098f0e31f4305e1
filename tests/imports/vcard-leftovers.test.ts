import { describe, expect, it } from 'vitest';
import { json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';

async function importVcard(session: Session, contents: string | Uint8Array) {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  if (res.status !== 202) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return waitForImport(session, (await json(res)).data.import_id);
}
const card = (...lines: string[]) => ['BEGIN:VCARD', ...lines, 'END:VCARD', ''].join('\r\n');

// What the cards hold beyond Kith's fields, written after the traits of real exports: Outlook's
// 2.1 cards (name prefix and suffix, ORG with a department, ROLE, a printed LABEL beside the ADR),
// Apple's 3.0 (NICKNAME, IMPP with its service, phonetic names, a PO box), Android's
// X-ANDROID-CUSTOM, and vCard 4.0's GENDER and text birthdays.
describe('what a card holds beyond Kith fields lands in the notes', () => {
  it("keeps Outlook's name prefix, suffix, middle name, department and role, but not the printed label of an address it has", async () => {
    const me = await signUp();
    const file = card(
      'VERSION:2.1',
      'N;LANGUAGE=en-us:Okonkwo;Chidi;Emeka;Dr.;Jr.',
      'FN:Dr. Chidi Emeka Okonkwo Jr.',
      'ORG:Harbor Analytics;Research;Ocean Models',
      'TITLE:Principal Scientist',
      'ROLE:Team lead',
      'NICKNAME:Chi',
      'TEL;WORK;VOICE:+1 617 555 0142',
      'ADR;WORK;PREF:;;12 Wharf Street;Boston;MA;02110;United States of America',
      'LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:12 Wharf Street=0D=0ABoston, MA 02110',
      'X-MS-OL-DEFAULT-POSTAL-ADDRESS:2',
      'EMAIL;PREF;INTERNET:chidi@harbor.example',
      'X-MS-SPOUSE:Ngozi',
      'REV:20240101T120000Z',
    );
    expect(await importVcard(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const [chidi] = await allContacts(me);
    expect(chidi).toMatchObject({
      first_name: 'Chidi',
      last_name: 'Okonkwo',
      company: { name: 'Harbor Analytics' },
      title: 'Principal Scientist',
    });
    expect(chidi.notes).toBe(
      [
        'Name prefix: Dr.\nMiddle name: Emeka\nName suffix: Jr.\nDepartment: Research, Ocean Models\nRole: Team lead\nNickname: Chi\nSpouse: Ngozi',
        'Addresses:\nWork: 12 Wharf Street, Boston, MA 02110, United States of America',
        'Phones:\nWork: +1 617 555 0142',
      ].join('\n\n'),
    );
  });

  it("keeps Apple's IMPP with its service, phonetic names, a PO box and a birthday given as text", async () => {
    const me = await signUp();
    const file = card(
      'VERSION:3.0',
      'N:Sato;Haruki;;;',
      'FN:Haruki Sato',
      'X-PHONETIC-LAST-NAME:さとう',
      'NOTE:Met at the Kyoto meetup.',
      'IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:haruki.sato',
      'item1.ADR;type=HOME:PO Box 17;;;Kyoto;;600-8216;Japan',
      'item1.X-ABADR:jp',
      'BDAY;VALUE=text:spring 1990',
      'X-ABUID:5AD380FD-B2DE-4261-BA99-DE1D1DB52FBE:ABPerson',
    );
    expect(await importVcard(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const [haruki] = await allContacts(me);
    expect(haruki.location).toBe('Kyoto, Japan');
    expect(haruki.notes).toBe(
      [
        'Met at the Kyoto meetup.',
        'Phonetic last name: さとう\nInstant messaging (Skype): skype:haruki.sato\nBirthday: spring 1990',
        'Addresses:\nHome: PO Box 17, Kyoto, 600-8216, Japan',
      ].join('\n\n'),
    );
  });

  it("keeps Android's custom rows and vCard 4.0's GENDER; a re-import of the same file creates nothing", async () => {
    const me = await signUp();
    const file =
      card(
        'VERSION:2.1',
        'N:Lindqvist;Maja;;;',
        'TEL;CELL:+46 70 555 01 23',
        'X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Majsan;1;;;;;;;;;;;;;',
      ) + card('VERSION:4.0', 'FN:Rafael Ortega', 'N:Ortega;Rafael;;;', 'GENDER:M;he/him', 'EMAIL;VALUE=uri:mailto:rafael@ortega.example');
    expect(await importVcard(me, file)).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const contacts = await allContacts(me);
    expect(contacts.find((c) => c.last_name === 'Lindqvist')).toMatchObject({
      phones: ['+46 70 555 01 23'],
      notes: 'Nickname: Majsan\n\nPhones:\nMobile: +46 70 555 01 23',
    });
    expect(contacts.find((c) => c.last_name === 'Ortega')).toMatchObject({ emails: ['rafael@ortega.example'], notes: 'Gender: M, he/him' });
    expect(await importVcard(me, file)).toMatchObject({ status: 'done', created: 0 });
    expect(await allContacts(me)).toHaveLength(2);
  });

  it('reads a card in Mac Roman without a CHARSET (an old Mac address book)', async () => {
    const me = await signUp();
    // "Zoë Müller", "Café Crème" and "Straße" in Mac Roman bytes.
    const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));
    const file = new Uint8Array([
      ...bytes('BEGIN:VCARD\r\nVERSION:3.0\r\nN:M'),
      0x9f,
      ...bytes('ller;Zo'),
      0x91,
      ...bytes(';;;\r\nFN:Zo'),
      0x91,
      ...bytes(' M'),
      0x9f,
      ...bytes('ller\r\nORG:Caf'),
      0x8e,
      ...bytes(' Cr'),
      0x8f,
      ...bytes('me\r\nNOTE:Stra'),
      0xa7,
      ...bytes('e 5\r\nEND:VCARD\r\n'),
    ]);
    expect(await importVcard(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect((await allContacts(me))[0]).toMatchObject({ full_name: 'Zoë Müller', company: { name: 'Café Crème' }, notes: 'Straße 5' });
  });
});
