import { describe, expect, it } from 'vitest';
import { json, signUp } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';

// ADR 075: Apple Contacts and iCloud export each group as a card (X-ADDRESSBOOKSERVER-KIND:group
// with its members' UIDs), vCard 4.0 as KIND:group with MEMBER lines. The group's name becomes a
// tag on its members; the group's card is no person.

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const card = (...lines: string[]) => crlf('BEGIN:VCARD', ...lines, 'END:VCARD');

const FILE =
  card('VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'UID:5AD380FD-ADA') +
  card('VERSION:3.0', 'N:Turing;Alan;;;', 'FN:Alan Turing', 'EMAIL:alan@example.com', 'UID:77C1-ALAN') +
  card(
    'VERSION:3.0',
    'N:Friends;;;;',
    'FN:Friends',
    'X-ADDRESSBOOKSERVER-KIND:group',
    'X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:5AD380FD-ADA',
    'X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:77C1-ALAN',
    'UID:GROUP-FRIENDS',
  ) +
  card('VERSION:4.0', 'KIND:group', 'FN:Chess club\\, Cambridge', 'MEMBER:mailto:alan@example.com', 'UID:GROUP-CHESS');

describe('address book groups in a vCard file (ADR 075)', () => {
  it("tag their members with the group's name and import no contact for the group", async () => {
    const me = await signUp();
    const res = await upload(me, '/api/v1/imports/vcard', FILE, {}, 'icloud.vcf');
    expect(res.status).toBe(202);
    const result = await waitForImport(me, (await json(res)).data.import_id);
    expect(result).toMatchObject({ status: 'done', created: 2, skipped: 2, failed: 0 });
    expect(result.errors).toEqual([
      { row: 3, message: 'Card 3: "Friends" is a group (2 members), not a person; its name is a tag on its members in this file' },
      {
        row: 4,
        message: 'Card 4: "Chess club, Cambridge" is a group (1 member), not a person; its name is a tag on its members in this file',
      },
    ]);
    const contacts = await allContacts(me);
    expect(contacts.map((c) => [c.full_name, [...c.tags].sort()]).sort()).toEqual([
      ['Ada Lovelace', ['Friends']],
      ['Alan Turing', ['Chess club, Cambridge', 'Friends']],
    ]);
  });
});
