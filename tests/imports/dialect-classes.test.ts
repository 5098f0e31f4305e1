import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';
import { CSV_CASES, VCARD_CASES, type DialectCase } from './dialect-cases';
import { ENCODING_CASES, LABEL_CASES } from './dialect-cases-round-two';
import { ENCODING_CASES_THREE, NUMBER_CASES, VCARD_QUIRK_CASES } from './dialect-cases-round-three';

/** Everything a user can see of the account's contacts: their fields, dates and organizations, as one text. */
async function whatTheUserSees(me: Session): Promise<string> {
  const contacts = await allContacts(me);
  const dates = await Promise.all(
    contacts.map(async (c) =>
      (await json(await as(me, `/api/v1/contacts/${c.id}/dates`))).data.map(({ kind, label, month, day, year }: any) => ({
        kind,
        label,
        month,
        day,
        year,
      })),
    ),
  );
  const organizations = (await json(await as(me, '/api/v1/organizations?page_size=50'))).data;
  return JSON.stringify({ contacts, dates, organizations });
}

async function importFile(me: Session, c: DialectCase) {
  const path = c.kind === 'csv' ? '/api/v1/imports/csv' : '/api/v1/imports/vcard';
  const res = await upload(me, path, c.file, {}, c.kind === 'csv' ? 'contacts.csv' : 'contacts.vcf');
  expect(res.status, await res.clone().text()).toBe(202);
  return waitForImport(me, (await json(res)).data.import_id);
}

// One import per class of real export, through upload -> run_import job -> contacts: every value
// of the file lands in a field, a date or the notes (ADR 065).
describe('every class of real export loses nothing', () => {
  it.each(
    [...CSV_CASES, ...VCARD_CASES, ...LABEL_CASES, ...ENCODING_CASES, ...NUMBER_CASES, ...ENCODING_CASES_THREE, ...VCARD_QUIRK_CASES].map(
      (c) => [c.name, c] as const,
    ),
  )('%s', async (_, c) => {
    const me = await signUp();
    expect(await importFile(me, c)).toMatchObject({ status: 'done', failed: 0 });
    const seen = await whatTheUserSees(me);
    const missing = c.visible.filter((v) => !seen.includes(v));
    expect(missing, seen).toEqual([]);
    const contacts = await allContacts(me);
    expect(contacts.flatMap((x) => x.phones)).toEqual(expect.arrayContaining(c.phones ?? []));
    expect(contacts.flatMap((x) => x.emails)).toEqual(expect.arrayContaining(c.emails ?? []));
  });
});

describe('a file with nothing to import gets a clear error in the envelope', () => {
  it.each([
    ['an empty CSV', '/api/v1/imports/csv', '', 400, /empty/],
    ['a CSV with only its header', '/api/v1/imports/csv', 'First Name,Last Name,Email\r\n', 400, /no rows of data/],
    ['an empty vCard file', '/api/v1/imports/vcard', '', 415, /not a vCard file/],
    [
      'a CSV whose quote is never closed before more rows (ADR 075)',
      '/api/v1/imports/csv',
      'First Name,Last Name,Notes\r\nAda,Lovelace,"Met at the Royal Society\r\nAlan,Turing,Bletchley\r\n',
      400,
      /Row 2: the cell that starts "Met at the Royal Society" opens a quote that is never closed/,
    ],
  ] as const)('%s', async (_, path, file, status, message) => {
    const me = await signUp();
    const res = await upload(me, path, file);
    expect(res.status).toBe(status);
    expect((await json(res)).error).toMatchObject({ code: expect.any(String), message: expect.stringMatching(message) });
  });
});
