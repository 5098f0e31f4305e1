import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { exportedFields, importCsv, upload } from '../support/imports';

async function addDate(me: Session, contactId: string, date: Record<string, unknown>) {
  const res = await as(me, `/api/v1/contacts/${contactId}/dates`, { method: 'POST', json: date });
  expect(res.status).toBe(201);
}

const exportCsv = async (me: Session) => (await as(me, '/api/v1/contacts/export.csv')).text();

describe("Kith's own export.csv round trip", () => {
  it('imported into an empty account, reproduces every field the export carries', async () => {
    const me = await signUp();
    const ada = await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@example.org', 'ada@engine.org'],
      phones: ['+44 20 7946 0000', '+1 555 0100', '(020) 7946-0001'],
      company: 'Analytical Engines',
      title: 'Mathematician',
      tags: ['math', 'vip', 'Poetry, science'],
      priority: 'high',
      notes: 'Line one; still line one\nLine "two", with comma\n\n  indented; last',
      location: 'London, UK',
      telegram_username: 'ada',
      twitter_handle: 'AdaL',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    });
    await addDate(me, ada.id, { kind: 'birthday', month: 12, day: 10, year: 1915 });
    await addDate(me, ada.id, { kind: 'anniversary', month: 7, day: 8, year: 1935 });
    await addDate(me, ada.id, { kind: 'anniversary', month: 1, day: 2 });
    await addDate(me, ada.id, { kind: 'custom', label: 'Met: at the Society', month: 6, day: 5, year: 1933 });
    const alan = await createContact(me, { first_name: 'Alan', last_name: 'Turing', priority: 'low', notes: 'Only a name and a note' });
    await addDate(me, alan.id, { kind: 'birthday', month: 6, day: 23 });
    await createContact(me, { first_name: 'Solo', emails: ['solo@example.org'], priority: 'archived' });
    // "Connected On" arrives from LinkedIn's file; the export carries it as an ISO date.
    await importCsv(
      me,
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On\nGrace,Hopper,https://www.linkedin.com/in/grace-hopper,,US Navy,Admiral,14 Mar 2024\n',
    );
    const before = await exportedFields(me);
    expect(before.find((c) => c.full_name === 'Grace Hopper').connected_on).toBe('2024-03-14');

    const csv = await exportCsv(me);
    expect(csv.split('\r\n')[0]).toBe(
      'Kith ID,First Name,Last Name,Email,Phone,Company,Title,Tags,Priority,Notes,Location,Telegram,Twitter,LinkedIn URL,Connected On,Birthday,Anniversary,Other Dates',
    );
    // Dates as Google writes them; "--" (no year) starts like a formula, so it is neutralised too.
    expect(csv).toContain(',1915-12-10,"\'--01-02; 1935-07-08",Met: at the Society: 1933-06-05\r\n');
    expect(csv).toContain(',"\'--06-23",,\r\n');

    const other = await signUp();
    const preview = (await json(await upload(other, '/api/v1/imports/csv/preview', csv))).data;
    expect(preview.kind).toBe('csv');
    expect(preview.suggested_mapping).toEqual({
      'Kith ID': 'kith_id',
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'emails',
      Phone: 'phones',
      Company: 'company',
      Title: 'title',
      Tags: 'tags',
      Priority: 'priority',
      Notes: 'notes',
      Location: 'location',
      Telegram: 'telegram_username',
      Twitter: 'twitter_handle',
      'LinkedIn URL': 'linkedin_url',
      'Connected On': 'connected_on',
      Birthday: 'birthday',
      Anniversary: 'anniversary',
      'Other Dates': 'dates',
    });
    expect(await importCsv(other, csv)).toMatchObject({ status: 'done', created: 4, failed: 0, errors: [] });
    expect(await exportedFields(other)).toEqual(before);
    // And re-importing the export into the account it came from changes nothing.
    expect(await importCsv(me, csv)).toMatchObject({ created: 0, updated: 0, skipped: 4, errors: [] });
    expect(await exportedFields(me)).toEqual(before);
  });

  it('keeps the delimiter and the columns when contacts have several phones and multi-line notes', async () => {
    const me = await signUp();
    // Few rows whose "; " lists and notes hold more semicolons than the file has commas per line:
    // the separators outside quoted fields decide, not those inside.
    await createContact(me, {
      first_name: 'Ada',
      last_name: 'L',
      emails: ['a@example.org'],
      phones: ['+1 555 0100', '+1 555 0101', '+1 555 0102', '+1 555 0103'],
      company: 'Acme, Inc.',
      tags: ['a', 'b'],
      notes: 'p; q; r\nhello',
    });
    await createContact(me, {
      last_name: 'L',
      emails: ['a2@example.org', 'b@example.org'],
      phones: ['+1 555 0200', '+1 555 0201', '+1 555 0202'],
      notes: 'hello\r\nhello\r\n',
      location: 'London, UK',
    });
    const csv = await exportCsv(me);
    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', csv))).data;
    expect(preview.headers).toHaveLength(18);
    expect(preview.suggested_mapping.Email).toBe('emails');
    expect(preview.sample_rows.map((r: string[]) => r[4]).sort()).toEqual([
      '+1 555 0100; +1 555 0101; +1 555 0102; +1 555 0103',
      '+1 555 0200; +1 555 0201; +1 555 0202',
    ]);

    // An export.csv written before this rule (lists unquoted), as users have them on disk.
    const older =
      'Kith ID,First Name,Last Name,Email,Phone,Company,Title,Tags,Priority,Notes,Location,Telegram,Twitter,LinkedIn URL,Connected On\r\n' +
      '01H0,Ada,L,a@x.org,+1 555 0100; +1 555 0101; +1 555 0102; +1 555 0103,"Acme, Inc.",,a; b,medium,"p; q; r\nhello",,,,,\r\n' +
      '01H1,,L,a@x.org; b@y.org,+1 555 0100; +1 555 0101; +1 555 0102,,,,medium,"hello\r\nhello\r\n","London, UK",,,,\r\n';
    const fromOlder = (await json(await upload(me, '/api/v1/imports/csv/preview', older))).data;
    expect(fromOlder.headers).toHaveLength(15);
    expect(Object.values(fromOlder.suggested_mapping)).not.toContain('ignore');
    expect(fromOlder.sample_rows[1]).toEqual([
      '01H1',
      '',
      'L',
      'a@x.org; b@y.org',
      '+1 555 0100; +1 555 0101; +1 555 0102',
      '',
      '',
      '',
      'medium',
      'hello\r\nhello\r\n',
      'London, UK',
      '',
      '',
      '',
      '',
    ]);
  });

  it('neutralises formula-like cells and brings them back unchanged (OWASP CSV injection)', async () => {
    const me = await signUp();
    const hostile = {
      first_name: "=cmd|' /C calc'!A0",
      last_name: '@SUM(A1)',
      title: '-2+3',
      company: '+1 555 0100 Ltd',
      phones: ['+1 555 0100'],
      notes: '\t=1',
      location: '＝HYPERLINK("http://evil.example")',
      tags: ['-tag', 'ok'],
    };
    await createContact(me, hostile);
    // A value that already starts with a quote before a trigger gets one more, so the import's "drop one" is exact.
    await createContact(me, { first_name: 'Quoted', notes: "'=already quoted" });
    const before = await exportedFields(me);
    const csv = await exportCsv(me);
    for (const cell of [
      "\"'=cmd|' /C calc'!A0\"",
      '"\'@SUM(A1)"',
      ',"\'+1 555 0100",',
      '"\'-2+3"',
      '"\'+1 555 0100 Ltd"',
      '"\'\t=1"',
      '"\'＝HYPERLINK(""http://evil.example"")"',
      '"\'-tag; ok"',
      ',"\'\'=already quoted",',
    ]) {
      expect(csv).toContain(cell);
    }
    const other = await signUp();
    expect(await importCsv(other, csv)).toMatchObject({ created: 2, failed: 0 });
    expect(await exportedFields(other)).toEqual(before);
  });

  it('writes the import error report with the same cell rule', async () => {
    const { importReportCsv } = await import('../../app/imports/fields');
    const errors = [
      { row: 2, message: '=HYPERLINK("http://evil.example")' },
      { row: 3, message: 'Email "x" must be a valid email address' },
    ];
    const warnings = [{ row: 3, field: 'Phone', value: '+1 555 0100', message: 'is not a phone number Kith can read; kept in the notes' }];
    expect(importReportCsv(errors, warnings)).toBe(
      [
        'Row,Kind,Field,Value,Problem',
        '2,Error,,,"\'=HYPERLINK(""http://evil.example"")"',
        '3,Error,,,"Email ""x"" must be a valid email address"',
        '3,Warning,Phone,"\'+1 555 0100","is not a phone number Kith can read; kept in the notes"',
      ].join('\r\n'),
    );
  });
});
