import { describe, expect, it } from 'vitest';
import clay from '../fixtures/imports/clay.csv?raw';
import covve from '../fixtures/imports/covve.csv?raw';
import dex from '../fixtures/imports/dex.csv?raw';
import europeanExcel from '../fixtures/imports/european-excel.csv?raw';
import unicodeText from '../fixtures/imports/excel-unicode-text.txt?raw';
import google2024 from '../fixtures/imports/google-2024.csv?raw';
import googleLegacy from '../fixtures/imports/google-legacy.csv?raw';
import numbers from '../fixtures/imports/numbers.csv?raw';
import outlookCom from '../fixtures/imports/outlook-com.csv?raw';
import outlook from '../fixtures/imports/outlook.csv?raw';
import thunderbird from '../fixtures/imports/thunderbird.csv?raw';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload } from '../support/imports';

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);
const get = async (me: Session, path: string) => (await json(await as(me, path))).data;
const datesOf = async (me: Session, id: string) =>
  (await get(me, `/api/v1/contacts/${id}/dates`)).map(({ kind, label, month, day, year }: any) => ({ kind, label, month, day, year }));
const preview = async (me: Session, file: string | Uint8Array) => (await json(await upload(me, '/api/v1/imports/csv/preview', file))).data;

/** Excel's "Unicode text": UTF-16 little-endian with a byte-order mark. */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

describe('address-book CSV dialects, recognised by their header (issue 40 item 6)', () => {
  it.each([
    [thunderbird, 'Thunderbird address book'],
    [outlook, 'Outlook (desktop) contacts'],
    [outlookCom, 'Outlook.com contacts'],
    [google2024, 'Google Contacts'],
    [googleLegacy, 'Google Contacts (older format)'],
    [numbers, 'Numbers export (table "Friends")'],
    [europeanExcel, 'Excel with semicolons (European settings)'],
    [utf16le(unicodeText), 'Outlook (desktop) contacts, saved as Excel Unicode text (UTF-16, tab-separated)'],
    [dex, 'Dex export'],
    [clay, 'Clay export'],
    [covve, 'Covve export'],
    ['Who,Mail\nLin Wei,lin@example.com\n', null],
  ])('the preview names the dialect (%#)', async (file, name) => {
    const me = await signUp();
    const data = await preview(me, file);
    expect(data.dialect?.name ?? null).toBe(name);
  });

  it("imports Thunderbird's export: both emails, every phone, both addresses, birth date from three columns, web pages, nickname", async () => {
    const me = await signUp();
    const data = await preview(me, thunderbird);
    expect(data.suggested_mapping).toMatchObject({
      'Primary Email': 'emails',
      'Secondary Email': 'emails',
      'Work Phone': 'phones',
      'Mobile Number': 'phones',
      'Home Address': 'address',
      'Work ZipCode': 'address',
      Organization: 'company',
      'Job Title': 'title',
      'Birth Year': 'birth_year',
      'Birth Month': 'birth_month',
      'Birth Day': 'birth_day',
      'Web Page 1': 'websites',
      Nickname: 'labelled_note',
      Notes: 'notes',
    });
    expect(await importCsv(me, thunderbird)).toMatchObject({ status: 'done', created: 2, failed: 0, warned: 0 });
    const contacts = await allContacts(me);
    const ingrid = byName(contacts, 'Ingrid Bergström');
    expect(ingrid).toMatchObject({
      emails: ['ingrid@fjord.example', 'ingrid.b@home.example'],
      phones: ['+46 8 555 010 10', '+46 8 555 020 20', '+46 70 555 30 30'],
      company: { name: 'Fjord Shipping AB' },
      title: 'Harbour Pilot',
      location: 'Uppsala, Uppsala län, Sweden',
      linkedin_url: 'https://www.linkedin.com/in/ingrid-bergstrom',
    });
    expect(ingrid.notes).toBe(
      [
        'Met at the Gothenburg regatta.',
        'Nickname: Ingi\nDepartment: Operations\nCustom 1: Allergic to cats',
        'Addresses:\nHome: Storgatan 12, Lgh 1101, Uppsala, Uppsala län 753 20, Sweden\nWork: Kungsgatan 5, Stockholm, 111 43, Sweden',
        'Websites:\nhttps://ingrid.example/',
        // The labels of the phones (ADR 072).
        'Phones:\nWork: +46 8 555 010 10\nHome: +46 8 555 020 20\nMobile: +46 70 555 30 30',
      ].join('\n\n'),
    );
    expect(await datesOf(me, ingrid.id)).toEqual([{ kind: 'birthday', label: null, month: 3, day: 7, year: 1984 }]);
    const piet = byName(contacts, 'Piet de Vries');
    expect(await datesOf(me, piet.id)).toEqual([{ kind: 'birthday', label: null, month: 11, day: 30, year: null }]);
  });

  it("imports outlook.com's export: the business address, both web pages and the ISO birthday", async () => {
    const me = await signUp();
    expect(await importCsv(me, outlookCom)).toMatchObject({ created: 1, failed: 0 });
    const [amara] = await allContacts(me);
    expect(amara).toMatchObject({
      full_name: 'Amara Okafor',
      emails: ['amara@lagos.example', 'amara.okafor@mail.example'],
      phones: ['+234 1 555 0100', '+234 80 5550 0101'],
      company: { name: 'Savannah Labs' },
      title: 'Head of Research',
      location: 'Lagos, Lagos State, Nigeria',
      notes:
        'Prefers email.\n\nAddresses:\nBusiness: 12 Marina Road, Lagos, Lagos State 101001, Nigeria\n\nWebsites:\nhttps://amara.example\n\nPhones:\nBusiness: +234 1 555 0100\nMobile: +234 80 5550 0101',
    });
    expect(await datesOf(me, amara.id)).toEqual([{ kind: 'birthday', label: null, month: 5, day: 17, year: 1990 }]);
  });

  it('imports a Numbers export (table name above the header) and a European Excel file (semicolons, day-first dates)', async () => {
    const me = await signUp();
    expect(await importCsv(me, numbers)).toMatchObject({ created: 1, failed: 0, errors: [] });
    expect(await importCsv(me, europeanExcel)).toMatchObject({ created: 1, failed: 0, errors: [] });
    const contacts = await allContacts(me);
    const lea = byName(contacts, 'Léa Moreau');
    expect(lea).toMatchObject({
      emails: ['lea@moreau.example'],
      phones: ['+33 1 55 50 01 00'],
      company: { name: 'Atelier Moreau' },
      location: 'Lyon, France',
      notes: 'Met in the ceramics class.\n\nAddresses:\n8 Rue des Lilas, Lyon, 69003, France\n\nWebsites:\nhttps://lea.example',
    });
    expect(await datesOf(me, lea.id)).toEqual([{ kind: 'birthday', label: null, month: 2, day: 29, year: 1988 }]);
    const juergen = byName(contacts, 'Jürgen Hoffmann');
    expect(juergen).toMatchObject({
      emails: ['juergen@werk.example'],
      company: { name: 'Hoffmann & Söhne GmbH' },
      title: 'Geschäftsführer',
      location: 'Berlin, Germany',
      notes:
        'Bevorzugt Anrufe; nie vor 9 Uhr\n\nAddresses:\nUnter den Linden 1, Berlin, 10117, Germany\n\nPhones:\nMobile: +49 30 5550 1000',
    });
    expect(await datesOf(me, juergen.id)).toEqual([{ kind: 'birthday', label: null, month: 3, day: 14, year: 1975 }]);
  });

  it('imports Excel\'s "Unicode text" (UTF-16 with tabs), which was refused before', async () => {
    const me = await signUp();
    expect(await importCsv(me, utf16le(unicodeText))).toMatchObject({ created: 1, failed: 0 });
    const [yuki] = await allContacts(me);
    expect(yuki).toMatchObject({
      full_name: 'Yuki Tanaka',
      emails: ['yuki@kyoto.example'],
      phones: ['+81 75 555 0100'],
      company: { name: '京都精密' },
      title: 'エンジニア',
      notes: 'Met at the Kyoto meetup\n\nPhones:\nBusiness: +81 75 555 0100',
    });
  });
});

describe('moving in from Dex, Clay and Covve (issue 48)', () => {
  it("imports Dex's export: the last contact on the timeline, the next reminder, keep-in-touch and description in the notes", async () => {
    const me = await signUp();
    expect((await preview(me, dex)).suggested_mapping).toMatchObject({
      'Last Contacted': 'last_contacted',
      'Next Reminder': 'reminder',
      Description: 'labelled_note',
      'Keep In Touch': 'labelled_note',
      Website: 'websites',
    });
    expect(await importCsv(me, dex)).toMatchObject({ created: 1, failed: 0, warned: 0 });
    const [maya] = await allContacts(me);
    expect(maya).toMatchObject({
      full_name: 'Maya Chen',
      emails: ['maya@lantern.example'],
      phones: ['+1 415 555 0142'],
      company: { name: 'Lantern Ventures' },
      title: 'Partner',
      location: 'San Francisco, CA',
      linkedin_url: 'https://www.linkedin.com/in/maya-chen',
      twitter_handle: 'mayachen',
      tags: ['Investors'],
      notes:
        'Intro from Sam.\n\nDescription: Angel investor in climate startups\nKeep In Touch: Every 3 months\n\nWebsites:\nhttps://maya.example',
    });
    expect(maya.last_interaction_at).toMatch(/^2025-10-14/);
    const timeline = await get(me, `/api/v1/contacts/${maya.id}/timeline`);
    expect(timeline.map((i: any) => i.occurred_at.slice(0, 10))).toEqual(['2025-10-14']);
    const reminders = await get(me, `/api/v1/contacts/${maya.id}/reminders`);
    expect(reminders.map((r: any) => r.remind_on)).toEqual(['2027-01-15']);
    expect(await datesOf(me, maya.id)).toEqual([{ kind: 'birthday', label: null, month: 9, day: 2, year: 1987 }]);

    // The same file again adds no second timeline entry, reminder or date.
    expect(await importCsv(me, dex)).toMatchObject({ created: 0, failed: 0 });
    expect(await get(me, `/api/v1/contacts/${maya.id}/timeline`)).toHaveLength(1);
    expect(await get(me, `/api/v1/contacts/${maya.id}/reminders`)).toHaveLength(1);
  });

  it("imports Clay's export (a full name, the last interaction, a year-less birthday) and Covve's (address, reminder)", async () => {
    const me = await signUp();
    expect(await importCsv(me, clay)).toMatchObject({ created: 1, failed: 0 });
    expect(await importCsv(me, covve)).toMatchObject({ created: 1, failed: 0 });
    const contacts = await allContacts(me);
    const tomas = byName(contacts, 'Tomás Alvarez');
    expect(tomas).toMatchObject({
      emails: ['tomas@andes.example'],
      company: { name: 'Andes Estudio' },
      title: 'Architect',
      location: 'Santiago, Chile',
      tags: ['Friends'],
      notes:
        'Loves chess.\n\nBio: Designs libraries\nFirst Interaction: 2019-06-01\nInteraction Count: 42\n\nWebsites:\nhttps://tomas.example',
    });
    expect(tomas.last_interaction_at).toMatch(/^2025-11-02/);
    expect(await datesOf(me, tomas.id)).toEqual([{ kind: 'birthday', label: null, month: 4, day: 11, year: null }]);
    const nadia = byName(contacts, 'Nadia Haddad');
    expect(nadia).toMatchObject({
      emails: ['nadia@cedar.example'],
      company: { name: 'Cedar Logistics' },
      title: 'COO',
      location: 'Beirut, Lebanon',
      linkedin_url: 'https://www.linkedin.com/in/nadia-haddad',
      tags: ['Conference'],
      notes:
        'Asked about our pilot.\n\nIndustry: Logistics\n\nAddresses:\nRue Hamra 20, Beirut, Lebanon\n\nWebsites:\nhttps://cedar.example',
    });
    expect(nadia.last_interaction_at).toMatch(/^2025-09-30/);
    const reminders = await get(me, `/api/v1/contacts/${nadia.id}/reminders`);
    expect(reminders.map((r: any) => r.remind_on)).toEqual(['2027-02-01']);
  });
});
