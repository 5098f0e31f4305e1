import { describe, expect, it } from 'vitest';
import connections from '../fixtures/imports/linkedin-connections.csv?raw';
import connections2018 from '../fixtures/imports/linkedin-2018.csv?raw';
import connectionsNoEmail from '../fixtures/imports/linkedin-no-email.csv?raw';
import { as, call, createContact, json, signUp } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';

describe('LinkedIn Connections.csv', () => {
  it('skips the Notes preamble, recognises the export and imports connections with company, title and date', async () => {
    const me = await signUp();
    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', connections))).data;
    expect(preview).toMatchObject({
      kind: 'linkedin',
      total_rows: 4,
      headers: ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'],
    });

    const res = await upload(me, '/api/v1/imports/linkedin', connections, {}, 'Connections.csv');
    expect(res.status).toBe(202);
    const result = await waitForImport(me, (await json(res)).data.import_id);
    expect(result).toMatchObject({ status: 'done', source: 'linkedin', file_name: 'Connections.csv', total: 4, created: 4, errors: [] });
    const contacts = await allContacts(me);
    const jane = contacts.find((c) => c.full_name === 'Jane Doe');
    expect(jane).toMatchObject({
      source: 'linkedin',
      linkedin_url: 'https://www.linkedin.com/in/jane-doe-12345',
      emails: ['jane.doe@example.com'],
      company: { name: 'Acme, Inc.' },
      title: 'Head of "Growth"',
    });
    expect(contacts.find((c) => c.full_name === 'Ana Müller').company.name).toBe('Zürich Versicherung');
    // "Connected On" is kept: our export carries it as an ISO date.
    const csv = await (await as(me, '/api/v1/contacts/export.csv')).text();
    expect(csv).toContain('2024-03-15');
  });

  it('matches existing contacts by LinkedIn slug first, then by email', async () => {
    const me = await signUp();
    const bySlug = await createContact(me, { first_name: 'Satya', linkedin_url: 'linkedin.com/in/SatyaNadella/' });
    const byEmail = await createContact(me, { first_name: 'R.', emails: ['reid@example.com'] });
    const result = await waitForImport(me, (await json(await upload(me, '/api/v1/imports/linkedin', connections))).data.import_id);
    expect(result).toMatchObject({ created: 2, updated: 2 });
    const satya = (await json(await as(me, `/api/v1/contacts/${bySlug.id}`))).data;
    expect(satya).toMatchObject({
      first_name: 'Satya',
      last_name: 'Nadella',
      title: 'Chairman and CEO',
      company: { name: 'Microsoft' },
      source: 'manual',
    });
    const reid = (await json(await as(me, `/api/v1/contacts/${byEmail.id}`))).data;
    expect(reid).toMatchObject({ first_name: 'R.', last_name: 'Hoffman', linkedin_url: 'https://www.linkedin.com/in/reidhoffman' });
    // Also through the generic CSV endpoint: a LinkedIn file is recognised there too.
    expect(await importCsv(me, connections)).toMatchObject({ source: 'linkedin', created: 0, updated: 0, skipped: 4 });
  });

  it('accepts every Connections.csv since 2018: without the Notes preamble, URL or Email Address', async () => {
    const me = await signUp();
    const old = await waitForImport(
      me,
      (await json(await upload(me, '/api/v1/imports/linkedin', connections2018, {}, 'Connections.csv'))).data.import_id,
    );
    expect(old).toMatchObject({ status: 'done', source: 'linkedin', total: 3, created: 3, errors: [] });
    const noEmail = await waitForImport(me, (await json(await upload(me, '/api/v1/imports/linkedin', connectionsNoEmail))).data.import_id);
    expect(noEmail).toMatchObject({ status: 'done', total: 2, created: 2, errors: [] });
    const contacts = await allContacts(me);
    expect(contacts.find((c) => c.full_name === 'Grace Hopper')).toMatchObject({
      emails: ['grace.hopper@example.com'],
      company: { name: 'US Navy' },
      title: 'Rear Admiral',
      connected_on: '2018-03-14',
    });
    expect(contacts.find((c) => c.full_name === 'Linus Torvalds')).toMatchObject({
      company: { name: 'Linux Foundation, Inc.' },
      connected_on: '2017-11-02',
    });
    expect(contacts.find((c) => c.full_name === 'Radia Perlman')).toMatchObject({
      linkedin_url: 'https://www.linkedin.com/in/radia-perlman',
      connected_on: '2023-12-30',
    });
    // The CSV card recognises them as LinkedIn's too, with the mapping of the columns they have.
    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', connections2018))).data;
    expect(preview).toMatchObject({
      kind: 'linkedin',
      suggested_mapping: {
        'First Name': 'first_name',
        'Last Name': 'last_name',
        'Email Address': 'emails',
        Company: 'company',
        Position: 'title',
        'Connected On': 'connected_on',
      },
    });

    // "Connected On" is the date the relationship started: a sort of the contact list, most recent first.
    const sorted = (await json(await as(me, '/api/v1/contacts?sort=-connected_on&page_size=10'))).data.map((c: any) => c.connected_on);
    expect(sorted).toEqual(['2024-02-01', '2023-12-30', '2018-03-14', '2018-01-09', '2017-11-02']);
    const withoutDate = await createContact(me, { first_name: 'Zed', emails: ['zed@example.org'] });
    const page = (await json(await as(me, '/api/v1/contacts?sort=-connected_on&page_size=10'))).data;
    expect(page.at(-1).id).toBe(withoutDate.id);
  });

  it('refuses a file that is not the LinkedIn export on the LinkedIn endpoint', async () => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/linkedin', 'Name,Email\nA,a@example.com\n');
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toMatch(/not LinkedIn's Connections.csv/);
    // A file with LinkedIn's names but other columns is not theirs either.
    expect((await upload(me, '/api/v1/imports/linkedin', 'First Name,Last Name,Phone\nA,B,+1 555 0100\n')).status).toBe(400);
  });
});

describe('contacts export', () => {
  it('exports CSV that re-imports with nothing new, even contacts without identifiers', async () => {
    const me = await signUp();
    await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@example.org', 'ada@engine.org'],
      phones: ['+44 20 7946 0000'],
      company: 'Analytical Engines',
      title: 'Mathematician',
      tags: ['math', 'vip'],
      priority: 'high',
      notes: 'Line one\nLine "two", with comma',
      location: 'London, UK',
      telegram_username: 'ada',
      twitter_handle: 'AdaL',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    });
    await createContact(me, { first_name: 'Only', last_name: 'Aname', notes: '=HYPERLINK("http://evil")' });
    const res = await as(me, '/api/v1/contacts/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="kith-contacts-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(
      'Kith ID,First Name,Last Name,Email,Phone,Company,Title,Tags,Priority,Notes,Location,Telegram,Twitter,LinkedIn URL,Connected On,Birthday,Anniversary,Other Dates',
    );
    expect(csv).toContain(`'=HYPERLINK`);

    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', csv))).data;
    expect(Object.values(preview.suggested_mapping)).not.toContain('ignore');
    // Geocoding runs in the background meanwhile; what the re-import must leave alone is the rest.
    const withoutGeocoding = (list: any[]) =>
      list.map(({ latitude: _a, longitude: _b, geocoded_at: _c, geocoded_location: _d, geocode_status: _e, ...rest }) => rest);
    const before = withoutGeocoding(await allContacts(me));
    expect(await importCsv(me, csv)).toMatchObject({ created: 0, updated: 0, skipped: 2, failed: 0 });
    expect(withoutGeocoding(await allContacts(me))).toEqual(before);

    // Into another account, the same file recreates the same contacts.
    const other = await signUp();
    expect(await importCsv(other, csv)).toMatchObject({ created: 2 });
    const copy = withoutGeocoding(await allContacts(other));
    const strip = (c: any) => ({
      ...c,
      id: undefined,
      bcc_address: undefined,
      created_at: undefined,
      updated_at: undefined,
      company: c.company?.name,
      source: undefined,
    });
    expect(copy.map(strip).sort((a, b) => a.full_name.localeCompare(b.full_name))).toEqual(
      before.map(strip).sort((a, b) => a.full_name.localeCompare(b.full_name)),
    );
  });

  it('exports only my contacts, and needs a sign-in', async () => {
    const me = await signUp();
    const other = await signUp();
    await createContact(other, { first_name: 'Secret', emails: ['secret@example.com'] });
    await createContact(me, { first_name: 'Mine' });
    const csv = await (await as(me, '/api/v1/contacts/export.csv')).text();
    expect(csv).toContain('Mine');
    expect(csv).not.toContain('Secret');
    expect((await call('/api/v1/contacts/export.csv')).status).toBe(401);
  });
});
