import { describe, expect, it } from 'vitest';
import apple from '../fixtures/vcard/apple-contacts.vcf?raw';
import broken from '../fixtures/vcard/broken.vcf?raw';
import google from '../fixtures/vcard/google-contacts.vcf?raw';
import outlook from '../fixtures/vcard/outlook-contacts.vcf?raw';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);

async function importVcard(session: Session, contents: string | Uint8Array, name = 'contacts.vcf') {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, name);
  if (res.status !== 202) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return waitForImport(session, (await json(res)).data.import_id);
}

const datesOf = async (session: Session, id: string) =>
  (await json(await as(session, `/api/v1/contacts/${id}/dates`))).data.map((d: any) => ({
    kind: d.kind,
    label: d.label,
    month: d.month,
    day: d.day,
    year: d.year,
  }));

describe('vCard import', () => {
  it('imports an Apple Contacts export: grouped properties, folded lines, escapes, inline photo, dates', async () => {
    const me = await signUp();
    const result = await importVcard(me, apple);
    // The third card is the company's own (X-ABShowAs:COMPANY): an organization, not a person.
    expect(result).toMatchObject({
      source: 'vcard',
      status: 'done',
      total: 3,
      processed: 3,
      created: 2,
      organizations: 1,
      failed: 0,
      errors: [],
    });
    const contacts = await allContacts(me);
    const ada = byName(contacts, 'Ada Lovelace');
    expect(ada).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@example.com', 'ada@engines.example'],
      phones: ['+44 20 7946 0018', '+44 20 7946 0019'],
      company: { name: 'Analytical Engines Ltd' },
      title: 'Chief Mathematician',
      location: 'London, United Kingdom',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
      twitter_handle: 'ada_codes',
      source: 'csv',
    });
    expect(ada.tags.sort()).toEqual(['Friends', 'Mathematics']);
    // The folded NOTE is one line again, with its escaped comma and semicolon undone.
    expect(ada.notes).toContain(
      'Met at the Babbage salon, 1833. Interested in the Analytical Engine; wrote the first published algorithm.\nAsk about the notes on Menabrea.',
    );
    expect(ada.notes).toContain("Home: 12 St James's Square, London, SW1Y 4JH, United Kingdom");
    expect(ada.notes).toContain('HomePage: https://ada.example.com');
    expect(await datesOf(me, ada.id)).toEqual(
      [
        { kind: 'anniversary', label: null, month: 7, day: 8, year: 2024 },
        { kind: 'birthday', label: null, month: 12, day: 10, year: null },
      ].sort((a, b) => a.month - b.month),
    );

    // The inline PNG became the avatar, served by the app to its owner only.
    expect(ada.avatar_url).toMatch(/^\/api\/v1\/contact-photos\/[0-9a-f]{64}$/);
    const photo = await as(me, ada.avatar_url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await photo.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const stranger = await signUp();
    expect((await as(stranger, ada.avatar_url)).status).toBe(404);

    const charles = byName(contacts, 'Charles Babbage');
    expect(charles.company).toMatchObject({ name: 'Smith, Babbage ; Partners' });
    expect(charles.location).toBe('London, United Kingdom');
    expect(charles.notes).toContain('Home: Teignmouth, Devon, United Kingdom');
    expect(charles.notes).toContain('Engines: https://www.babbage.example/engines');
    // Apple's "no year" birthday (1604) keeps no year; a labelled X-ABDATE is a custom date.
    expect(await datesOf(me, charles.id)).toEqual([
      { kind: 'custom', label: 'First lecture', month: 5, day: 1, year: 2020 },
      { kind: 'birthday', label: null, month: 12, day: 26, year: null },
    ]);
    expect(contacts.find((c) => c.emails.includes('hello@engines.example'))).toBeUndefined();
    const orgs = (await json(await as(me, '/api/v1/organizations?q=Analytical'))).data;
    expect(orgs).toMatchObject([{ name: 'Analytical Engines Ltd', email: 'hello@engines.example' }]);
  });

  it('imports a Google Contacts export: escaped URL colons, photo URL, system groups dropped', async () => {
    const me = await signUp();
    const result = await importVcard(me, google);
    expect(result).toMatchObject({ status: 'done', total: 3, created: 3, failed: 0 });
    const contacts = await allContacts(me);
    const grace = byName(contacts, 'Grace Hopper');
    expect(grace).toMatchObject({
      emails: ['grace@navy.example', 'grace.hopper@gmail.example'],
      phones: ['+1 212-555-0142', '(212) 555-0199'],
      company: { name: 'US Navy' },
      title: 'Rear Admiral',
      location: 'Arlington, VA, United States',
      linkedin_url: 'https://www.linkedin.com/in/gracehopper',
      twitter_handle: 'gracehopper',
      avatar_url: 'https://lh3.googleusercontent.com/contacts/AG6tpzFq0dGxY7c2mS0nV1pXh3kJ8bR4wL5eT9uQ',
    });
    expect(grace.notes).toContain('Coined "debugging". Prefers COBOL, dislikes');
    expect(grace.tags.sort()).toEqual(['Navy', 'Speakers']);
    expect(await datesOf(me, grace.id)).toEqual([{ kind: 'birthday', label: null, month: 12, day: 9, year: 1906 }]);
    const alan = byName(contacts, 'Alan Turing');
    expect(alan.tags).toEqual([]);
    expect(await datesOf(me, alan.id)).toEqual([{ kind: 'birthday', label: null, month: 6, day: 23, year: null }]);
    // A card with only a phone number is still a contact.
    expect(contacts.find((c) => c.phones.includes('+1 415-555-0100'))).toBeTruthy();
  });

  it('imports an Outlook vCard 2.1 export: quoted-printable, Windows-1252 CHARSET, bare parameters, base64 photo', async () => {
    const me = await signUp();
    const result = await importVcard(me, outlook);
    expect(result).toMatchObject({ status: 'done', total: 2, created: 2, failed: 0 });
    const contacts = await allContacts(me);
    const jm = byName(contacts, 'Jürgen Müller');
    expect(jm).toMatchObject({
      first_name: 'Jürgen',
      last_name: 'Müller',
      emails: ['juergen.mueller@contoso.example', 'jm@privat.example'],
      phones: ['+49 30 1234567', '+49 170 1234567', '030 7654321'],
      company: { name: 'Contoso GmbH' },
      title: 'Vertriebsleiter',
      location: 'Berlin, Deutschland',
    });
    // The soft line breaks of quoted-printable are undone; =0D=0A is a real line break.
    expect(jm.notes).toContain(
      'Erstes Treffen auf der CeBIT 2019 in Hannover.\r\nMöchte im Frühjahr über die neue Preisliste sprechen; bevorzugt Anrufe vormittags.',
    );
    expect(jm.notes).toContain('Home: Hauptstraße 5, München, Bayern 80331, Deutschland');
    expect(jm.avatar_url).toMatch(/^\/api\/v1\/contact-photos\//);
    expect((await as(me, jm.avatar_url)).status).toBe(200);
    expect(await datesOf(me, jm.id)).toEqual([
      { kind: 'birthday', label: null, month: 3, day: 21, year: 1975 },
      { kind: 'anniversary', label: null, month: 9, day: 15, year: 2001 },
    ]);
    expect(byName(contacts, 'Karin Svensson')).toMatchObject({ location: 'Stockholm, Sverige', emails: ['karin@fabrikam.example'] });
  });

  it('reports broken cards per row and imports the rest', async () => {
    const me = await signUp();
    const result = await importVcard(me, broken);
    expect(result).toMatchObject({ status: 'done', total: 4, processed: 4, created: 3, skipped: 1, failed: 0, warned: 2 });
    expect(result.errors).toEqual([{ row: 2, message: 'Card 2: no name and no email, phone, handle or LinkedIn URL' }]);
    // Issue 19: a card with a name is kept; the email it could not read is in its notes.
    // ADR 078: the card cut off at the end of the file is imported as far as it goes, and named.
    expect(result.warnings).toEqual([
      { row: 1, field: 'Email', value: 'not-an-email', message: 'is not an email address Kith can read; kept in the notes' },
      {
        row: 4,
        field: '',
        value: '',
        message:
          'Card 4 ("Cora Cut"): the card ends without END:VCARD: the file may be cut off; imported as far as it goes, check its last field',
      },
    ]);
    const contacts = await allContacts(me);
    expect(contacts.map((c) => c.full_name).sort()).toEqual(['Bad Email Broken', 'Cora Cut', 'Vera Valid']);
    expect(contacts.find((c) => c.full_name === 'Bad Email Broken').notes).toBe('Imported values Kith could not read: Email: not-an-email');
  });

  it('dedupes on identifiers against existing contacts, fills only empty fields, and a re-import changes nothing', async () => {
    const me = await signUp();
    const existing = await createContact(me, { first_name: 'Gracie', emails: ['GRACE@navy.example'], title: 'Admiral', priority: 'high' });
    const first = await importVcard(me, google);
    expect(first).toMatchObject({ created: 2, updated: 1 });
    const contacts = await allContacts(me);
    expect(contacts).toHaveLength(3);
    const grace = contacts.find((c) => c.id === existing.id);
    expect(grace).toMatchObject({
      first_name: 'Gracie',
      last_name: 'Hopper',
      title: 'Admiral',
      priority: 'high',
      company: { name: 'US Navy' },
    });
    expect(grace.emails).toEqual(['GRACE@navy.example', 'grace.hopper@gmail.example']);
    expect(await datesOf(me, existing.id)).toEqual([{ kind: 'birthday', label: null, month: 12, day: 9, year: 1906 }]);

    const again = await importVcard(me, google);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, skipped: 3, failed: 0 });
    expect(await allContacts(me)).toHaveLength(3);
    expect(await datesOf(me, existing.id)).toHaveLength(1);
  });

  it('refuses a file that is not a vCard', async () => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/vcard', 'First Name,Last Name\nAda,Lovelace\n', {}, 'contacts.csv');
    expect(res.status).toBe(415);
    expect((await json(res)).error.message).toMatch(/not a vCard file/);
  });
});
