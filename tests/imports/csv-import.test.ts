import { describe, expect, it } from 'vitest';
import google from '../fixtures/imports/google.csv?raw';
import semicolons from '../fixtures/imports/semicolons.csv?raw';
import { as, createContact, json, signUp } from '../support/client';
import { allContacts, importCsv, upload } from '../support/imports';

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);

describe('CSV import', () => {
  it('previews a Google Contacts export (BOM, multi-line quotes) and suggests a mapping', async () => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/csv/preview', google);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.kind).toBe('csv');
    expect(data.headers[0]).toBe('First Name');
    expect(data.total_rows).toBe(4);
    expect(data.sample_rows[0][7]).toBe('Invented the compiler.\nLoved COBOL.');
    expect(data.suggested_mapping).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'E-mail 1 - Value': 'emails',
      'Phone 1 - Value': 'phones',
      'Organization 1 - Name': 'company',
      'Organization 1 - Title': 'title',
      Labels: 'tags',
      Notes: 'notes',
      // An address column: its city, region and country become the location (here the whole of it).
      'Address 1 - Formatted': 'address',
    });
    expect(data.dialect).toEqual({ id: 'google', name: 'Google Contacts' });
  });

  it('imports every row as created, skipped or failed with its row number, and warns of values it could not read', async () => {
    const me = await signUp();
    const result = await importCsv(me, google);
    expect(result).toMatchObject({ status: 'done', total: 4, processed: 4, created: 3, updated: 0, skipped: 1, failed: 0, warned: 1 });
    expect(result.errors).toEqual([{ row: 4, message: 'No name and no email, phone, handle or LinkedIn URL' }]);
    expect(result.warnings).toEqual([
      { row: 5, field: 'Email', value: 'not-an-email', message: 'is not an email address Kith can read; kept in the notes' },
    ]);
    const contacts = await allContacts(me);
    const grace = byName(contacts, 'Grace Hopper');
    expect(grace).toMatchObject({
      emails: ['grace@navy.mil'],
      phones: ['+1 202 555 0100'],
      company: { name: 'US Navy' },
      title: 'Rear Admiral',
      tags: ['Pioneers'],
      notes: 'Invented the compiler.\nLoved COBOL.',
      location: 'Arlington, VA',
      // The geocoding job may already have run by the time the import reports done.
      geocode_status: expect.stringMatching(/^(pending|geocoded)$/),
      source: 'csv',
    });
    expect(byName(contacts, 'Alan Turing').emails).toEqual(['alan@bletchley.uk', 'turing@manchester.ac.uk']);
    // Issue 19: one unreadable value no longer costs the whole person.
    expect(byName(contacts, 'Katherine Johnson')).toMatchObject({
      emails: [],
      company: { name: 'NASA' },
      notes: 'Imported values Kith could not read: Email: not-an-email',
    });
  });

  it('reads semicolon-separated files and a full-name column', async () => {
    const me = await signUp();
    const result = await importCsv(me, semicolons);
    expect(result).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const contacts = await allContacts(me);
    expect(byName(contacts, 'Ada Lovelace')).toMatchObject({ company: { name: 'Analytical Engines' }, tags: ['math', 'poetry'] });
    expect(byName(contacts, 'Charles Babbage').company.name).toBe('Analytical; Engines');
  });

  it('uses the mapping the user chose, ignoring columns', async () => {
    const me = await signUp();
    const csv = 'Who,Mail,Where,Secret\nLin Wei,lin@example.com,Shanghai,do not import\n';
    const result = await importCsv(me, csv, { Who: 'full_name', Mail: 'emails', Where: 'location', Secret: 'ignore' });
    expect(result).toMatchObject({ created: 1 });
    const [lin] = await allContacts(me);
    expect(lin).toMatchObject({ first_name: 'Lin', last_name: 'Wei', emails: ['lin@example.com'], location: 'Shanghai', notes: null });
  });

  it('updates a contact matched by email, filling only empty fields, instead of duplicating', async () => {
    const me = await signUp();
    const existing = await createContact(me, { first_name: 'Grace', last_name: 'B. Hopper', emails: ['GRACE@navy.mil'], title: 'Admiral' });
    const result = await importCsv(me, google);
    expect(result).toMatchObject({ created: 2, updated: 1 });
    const contacts = await allContacts(me);
    expect(contacts.filter((c) => c.emails.map((e: string) => e.toLowerCase()).includes('grace@navy.mil'))).toHaveLength(1);
    const grace = (await json(await as(me, `/api/v1/contacts/${existing.id}`))).data;
    expect(grace).toMatchObject({
      full_name: 'Grace B. Hopper',
      title: 'Admiral',
      company: { name: 'US Navy' },
      phones: ['+1 202 555 0100'],
      source: 'manual',
    });
  });

  it('makes imported people findable by every word the file gave them, new contacts and matched ones alike', async () => {
    const me = await signUp();
    const existing = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@analytical.org'] });
    const csv = [
      'Name,Email,LinkedIn,Telegram,Tags,Location',
      'Mary Somerville,mary@royalsociety.uk,https://www.linkedin.com/in/marysomerville,,astronomer;mentor,Jedburgh',
      'Charles Babbage,charles@engines.uk,,babbagedifference,inventor,',
      'Ada Lovelace,ada@analytical.org,,,poetical,',
    ].join('\n');
    const mapping = {
      Name: 'full_name',
      Email: 'emails',
      LinkedIn: 'linkedin_url',
      Telegram: 'telegram_username',
      Tags: 'tags',
      Location: 'location',
    };
    expect(await importCsv(me, csv, mapping)).toMatchObject({ created: 2, updated: 1, failed: 0 });
    const found = async (q: string) =>
      (await json(await as(me, `/api/v1/contacts?q=${encodeURIComponent(q)}`))).data.map((c: any) => c.full_name);
    // Each of these words reaches the search index through a row written beside the contact.
    expect(await found('royalsociety')).toEqual(['Mary Somerville']);
    expect(await found('marysomerville')).toEqual(['Mary Somerville']);
    expect(await found('mentor')).toEqual(['Mary Somerville']);
    expect(await found('Jedburgh')).toEqual(['Mary Somerville']);
    expect(await found('engines')).toEqual(['Charles Babbage']);
    expect(await found('babbagedifference')).toEqual(['Charles Babbage']);
    expect(await found('inventor')).toEqual(['Charles Babbage']);
    // The contact the import matched gains a tag, and its search row follows.
    expect(await found('poetical')).toEqual([existing.full_name]);
    expect(await found('analytical')).toEqual([existing.full_name]);
  });

  it('matches by phone in another format and by a second email', async () => {
    const me = await signUp();
    const byPhone = await createContact(me, { first_name: 'G', phones: ['+12025550100'] });
    const byEmail = await createContact(me, { emails: ['turing@manchester.ac.uk'] });
    const result = await importCsv(me, google);
    expect(result).toMatchObject({ created: 1, updated: 2 });
    const turing = (await json(await as(me, `/api/v1/contacts/${byEmail.id}`))).data;
    expect(turing).toMatchObject({ full_name: 'Alan Turing', emails: ['turing@manchester.ac.uk', 'alan@bletchley.uk'] });
    expect((await json(await as(me, `/api/v1/contacts/${byPhone.id}`))).data.first_name).toBe('G');
  });

  it('re-importing the same file creates nothing new', async () => {
    const me = await signUp();
    const csv = 'First Name,Last Name,Company\nNo,Identifiers,Somewhere\nAlso,Nameonly,\n';
    expect(await importCsv(me, csv)).toMatchObject({ created: 2 });
    expect(await importCsv(me, csv)).toMatchObject({ created: 0, updated: 0, skipped: 2, errors: [] });
    expect(await importCsv(me, google)).toMatchObject({ created: 3 });
    expect(await importCsv(me, google)).toMatchObject({ created: 0, skipped: 4, failed: 0 });
    expect(await allContacts(me)).toHaveLength(5);
  });

  it('treats two rows of the same person in one file as one contact', async () => {
    const me = await signUp();
    const csv = 'Name,Email,Phone\nSam Lee,sam@example.com,\nSamuel Lee,SAM@example.com,+44 20 7946 0000\n';
    expect(await importCsv(me, csv)).toMatchObject({ created: 1, updated: 1 });
    const [sam] = await allContacts(me);
    expect(sam).toMatchObject({ full_name: 'Sam Lee', phones: ['+44 20 7946 0000'] });
  });
});
