import { describe, expect, it } from 'vitest';
import google2024 from '../fixtures/imports/google-2024.csv?raw';
import googleLegacy from '../fixtures/imports/google-legacy.csv?raw';
import outlook from '../fixtures/imports/outlook.csv?raw';
import { json, signUp } from '../support/client';
import { exportedFields, importCsv, upload } from '../support/imports';

const datesOf = (list: any[], name: string) => list.find((c) => c.full_name === name)?.dates;

describe('birthdays and other dates from address-book CSVs', () => {
  it("reads Google's CSV (2023 on): Birthday with or without a year, events labelled by their Label column", async () => {
    const me = await signUp();
    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', google2024))).data;
    expect(preview.suggested_mapping).toMatchObject({ Birthday: 'birthday', 'Event 1 - Value': 'dates', 'Event 1 - Label': 'ignore' });
    expect(await importCsv(me, google2024)).toMatchObject({ created: 3, failed: 0, errors: [] });
    const contacts = await exportedFields(me);
    // A year before 1900 is dropped, as for vCards; the day and month stay.
    expect(datesOf(contacts, 'Ada Lovelace')).toEqual([
      { kind: 'anniversary', label: null, month: 7, day: 8, year: null },
      { kind: 'birthday', label: null, month: 12, day: 10, year: null },
    ]);
    expect(datesOf(contacts, 'Alan Turing')).toEqual([
      { kind: 'birthday', label: null, month: 6, day: 23, year: null },
      { kind: 'custom', label: 'Met', month: 9, day: 1, year: 2019 },
    ]);
    expect(datesOf(contacts, 'Hedy Lamarr')).toEqual([{ kind: 'birthday', label: null, month: 11, day: 9, year: 1914 }]);
    expect(contacts.find((c) => c.full_name === 'Ada Lovelace')).toMatchObject({
      company: 'Analytical Engines',
      title: 'Mathematician',
      notes: 'Met at the Royal Society.\nFollow up on the engine.\n\nPhones:\nMobile: +44 20 7946 0000\n\nEmails:\nHome: ada@example.org',
    });
  });

  it("reads Google's legacy CSV (Given Name, Family Name, Event 1 - Type)", async () => {
    const me = await signUp();
    expect(await importCsv(me, googleLegacy)).toMatchObject({ created: 2, failed: 0, errors: [] });
    const contacts = await exportedFields(me);
    expect(datesOf(contacts, 'Barbara Liskov')).toEqual([
      { kind: 'anniversary', label: null, month: 6, day: 20, year: 1970 },
      { kind: 'birthday', label: null, month: 11, day: 7, year: 1939 },
    ]);
    expect(datesOf(contacts, 'John McCarthy')).toEqual([{ kind: 'birthday', label: null, month: 9, day: 4, year: null }]);
  });

  it("reads Outlook's CSV: Birthday and Anniversary as M/D/YYYY, 0/0/00 as no date", async () => {
    const me = await signUp();
    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', outlook))).data;
    expect(preview.suggested_mapping).toMatchObject({
      Birthday: 'birthday',
      Anniversary: 'anniversary',
      'E-mail Display Name': 'ignore',
      // The honorific beside Job Title is kept in the notes (ADR 065).
      Title: 'labelled_note',
      'Job Title': 'title',
    });
    expect(await importCsv(me, outlook)).toMatchObject({ created: 3, failed: 0, errors: [] });
    const contacts = await exportedFields(me);
    expect(datesOf(contacts, 'Charles Babbage')).toEqual([
      { kind: 'anniversary', label: null, month: 7, day: 2, year: null },
      { kind: 'birthday', label: null, month: 12, day: 26, year: 1991 },
    ]);
    expect(datesOf(contacts, 'Katherine Johnson')).toEqual([{ kind: 'birthday', label: null, month: 8, day: 26, year: 1968 }]);
    expect(datesOf(contacts, 'Dorothy Vaughan')).toEqual([]);
    expect(contacts.find((c) => c.full_name === 'Charles Babbage')).toMatchObject({
      emails: ['charles@example.org'],
      notes: 'Prefers letters.\r\nNo calls before noon.\n\nTitle: Mr.\n\nPhones:\nBusiness: +44 20 7946 0001',
    });
  });

  it('reports a date it cannot read and imports the rest of the row', async () => {
    const me = await signUp();
    const result = await importCsv(me, 'Name,Email,Birthday\nAda Lovelace,ada@example.org,sometime in spring\n');
    // The row was imported, so the unreadable date is a warning of the row, not an error (ADR 013).
    expect(result).toMatchObject({ created: 1, failed: 0, warned: 1 });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        row: 2,
        field: '',
        value: '',
        message: 'Not a date Kith can read, so not imported: Birthday "sometime in spring"; the rest was imported',
      },
    ]);
  });
});
