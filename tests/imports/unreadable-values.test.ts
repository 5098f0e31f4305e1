import { describe, expect, it } from 'vitest';
import outlook from '../fixtures/imports/outlook-2003.csv?raw';
import { importReportCsv } from '../../app/imports/fields';
import { as, call, createContact, json, signUp } from '../support/client';
import { allContacts, importCsv } from '../support/imports';

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);
const UNREAD = 'Imported values Kith could not read: ';

describe('imports keep the person when one value is unreadable (issue 19)', () => {
  it('imports an Outlook 2003 export: vanity number, service code, mistyped phone, placeholder and garbled email', async () => {
    const me = await signUp();
    const result = await importCsv(me, outlook);
    expect(result).toMatchObject({ status: 'done', total: 5, processed: 5, created: 3, updated: 0, skipped: 1, failed: 1, warned: 3 });
    expect(result.errors).toEqual([
      { row: 5, message: 'No name and no readable email, phone, handle or LinkedIn URL (could not read Email "nobody@@nowhere")' },
      { row: 6, message: 'No name and no email, phone, handle or LinkedIn URL' },
    ]);
    expect(result.warnings).toEqual([
      { row: 2, field: 'Phone', value: '+1-800-MYFAX', message: 'has letters, read on a phone keypad as +1-800-69329' },
      { row: 3, field: 'Email', value: 'charles@@difference.example', message: 'is not an email address Kith can read; kept in the notes' },
      { row: 3, field: 'Phone', value: 'BusinessPhone', message: "is a column's name, not a value; left out" },
      { row: 3, field: 'Phone', value: '#322*67#', message: 'is not a phone number Kith can read; kept in the notes' },
      { row: 4, field: 'Phone', value: '+1 (202) 555-O1OO', message: 'is not a phone number Kith can read; kept in the notes' },
    ]);

    const contacts = await allContacts(me);
    expect(contacts).toHaveLength(3);
    expect(byName(contacts, 'Ada Lovelace')).toMatchObject({
      emails: ['ada@analytical.example'],
      phones: ['+1-800-69329', '+44 20 7946 0001'],
      company: { name: 'Analytical Engines' },
      priority: 'medium',
      location: 'London',
      notes: 'Met at the Royal Society.\n\nPhones:\nBusiness: +1-800-MYFAX\nHome: +44 20 7946 0001',
    });
    expect(byName(contacts, 'Charles Babbage')).toMatchObject({
      emails: ['babbage@difference.example'],
      phones: ['+44 20 7946 0002'],
      notes: `Phones:\nHome: +44 20 7946 0002\nMobile: #322*67#\n\n${UNREAD}Email: charles@@difference.example; Phone: #322*67#`,
    });
    expect(byName(contacts, 'Grace Hopper')).toMatchObject({
      phones: ['+1 202 555 0199 x12'],
      tags: ['Pioneers'],
      notes: `Phones:\nBusiness: +1 (202) 555-O1OO\nBusiness: +1 202 555 0199 ext. 12\n\n${UNREAD}Phone: +1 (202) 555-O1OO`,
    });

    // The downloadable report carries each warning with its row, field and value.
    const report = importReportCsv(result.errors, result.warnings).split('\r\n');
    expect(report[0]).toBe('Row,Kind,Field,Value,Problem');
    expect(report).toContain('3,Warning,Phone,#322*67#,"is not a phone number Kith can read; kept in the notes"');
    expect(report).toContain('2,Warning,Phone,"\'+1-800-MYFAX","has letters, read on a phone keypad as +1-800-69329"');
    expect(report).toContain(
      '5,Error,,,"No name and no readable email, phone, handle or LinkedIn URL (could not read Email ""nobody@@nowhere"")"',
    );

    // Importing the file again changes nothing and writes no second notes line.
    const again = await importCsv(me, outlook);
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 4, failed: 1, warned: 3 });
    const after = await allContacts(me);
    expect(after).toHaveLength(3);
    expect(byName(after, 'Charles Babbage').notes).toBe(
      `Phones:\nHome: +44 20 7946 0002\nMobile: #322*67#\n\n${UNREAD}Email: charles@@difference.example; Phone: #322*67#`,
    );
  });

  it('repairs what has one meaning and keeps the rest in the notes: handles, addresses in brackets, tel: links, priority', async () => {
    const me = await signUp();
    const csv = [
      'Name,Email,Phone,Twitter,LinkedIn,Priority,Photo',
      'Mary Jackson,"Mary Jackson <mary@nasa.example>; not an email",tel:+1 757 555 0100,https://twitter.com/maryj,https://example.com/mary,urgent,photo.jpg',
    ].join('\n');
    const result = await importCsv(me, csv);
    expect(result).toMatchObject({ created: 1, failed: 0, warned: 1 });
    expect(result.warnings.map((w: any) => [w.field, w.value])).toEqual([
      ['Email', 'not an email'],
      ['Priority', 'urgent'],
      ['LinkedIn URL', 'https://example.com/mary'],
      ['Avatar URL', 'photo.jpg'],
    ]);
    const [mary] = await allContacts(me);
    expect(mary).toMatchObject({
      emails: ['mary@nasa.example'],
      phones: ['+1 757 555 0100'],
      twitter_handle: 'maryj',
      linkedin_url: null,
      priority: 'medium',
      notes: `${UNREAD}Email: not an email; Priority: urgent; LinkedIn URL: https://example.com/mary; Avatar URL: photo.jpg`,
    });
  });

  it('cleans control characters instead of losing the person (ADR 011 input hygiene on imports)', async () => {
    const me = await signUp();
    const csv = [
      'Name,Email,Company,Title,Location,Notes,Labels',
      '"Ada\u0007 Lovelace",ada@engines.example,"Analytical\tEngines","Count\u001bess","12 Baker St\r\nLondon","Line one\rLine two\u0001\tend","Friends\u0085Family"',
    ].join('\n');
    const result = await importCsv(me, csv);
    expect(result).toMatchObject({ created: 1, failed: 0, warned: 1 });
    expect(result.warnings.map((w: any) => [w.field, w.value, w.message])).toEqual([
      ['First name', 'Ada', 'had control characters; they were left out'],
      ['Title', 'Countess', 'had control characters; they were left out'],
      ['Notes', 'Line one\nLine two\tend', 'had control characters; they were left out'],
    ]);
    const [ada] = await allContacts(me);
    expect(ada).toMatchObject({
      full_name: 'Ada Lovelace',
      emails: ['ada@engines.example'],
      company: { name: 'Analytical Engines' },
      title: 'Countess',
      location: '12 Baker St, London',
      notes: 'Line one\nLine two\tend',
      tags: ['Friends Family'],
    });
  });

  it('documents the warnings in the OpenAPI schema of an import and of the extension answer', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(Object.keys(doc.components.schemas.Import.properties.warnings.items.properties).sort()).toEqual([
      'field',
      'message',
      'row',
      'value',
    ]);
    expect(doc.components.schemas.Import.properties.warned.type).toBe('integer');
    expect(doc.components.schemas.LinkedinSyncResult.properties.conversations.items.properties.warnings.type).toBe('array');
  });

  it('appends the line to the notes a matched contact already has, once', async () => {
    const me = await signUp();
    const lin = await createContact(me, { first_name: 'Lin', emails: ['lin@example.com'], notes: 'Met in Lisbon.' });
    const csv = 'Name,Email,Phone\nLin Wei,lin@example.com,#31#\n';
    expect(await importCsv(me, csv)).toMatchObject({ updated: 1, warned: 1 });
    const expected = `Met in Lisbon.\n\n${UNREAD}Phone: #31#`;
    expect((await json(await as(me, `/api/v1/contacts/${lin.id}`))).data).toMatchObject({ last_name: 'Wei', notes: expected });
    expect(await importCsv(me, csv)).toMatchObject({ updated: 0, skipped: 1 });
    expect((await json(await as(me, `/api/v1/contacts/${lin.id}`))).data.notes).toBe(expected);
  });
});
