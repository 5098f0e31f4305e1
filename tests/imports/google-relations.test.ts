import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload } from '../support/imports';

// #45: Google Contacts' "Relation N - Label" / "Relation N - Value" columns become links, as a
// vCard's RELATED does (ADR 041): to the one contact of that name, else a lightweight person;
// Google's labels as Kith's kinds, an unknown label as a custom link; a second import adds nothing.
const GOOGLE = [
  'First Name,Last Name,Organization Name,Labels,E-mail 1 - Label,E-mail 1 - Value,Relation 1 - Label,Relation 1 - Value,Relation 2 - Label,Relation 2 - Value',
  'Ana,Berg,Acme,* myContacts,* Home,ana@example.org,Spouse,Bo Berg,Child,Mia Berg ::: Noa Berg',
  'Bo,Berg,,* myContacts,,,Referred by,Cy Adams,Godfather,Eli Roth',
  'Cy,Adams,,* myContacts,,,,,,',
].join('\r\n');

const linksOf = async (me: Session, name: string) => {
  const contact = (await allContacts(me)).find((c) => c.full_name === name);
  const rows = (await json(await as(me, `/api/v1/contacts/${contact.id}/relationships`))).data;
  return rows.map((r: any) => [r.other.name, r.other.type, r.description]).sort();
};

describe('Google CSV relation columns', () => {
  it('import as links, with Google’s labels as kinds, both sides kept, once', async () => {
    const me = await signUp();
    const preview = (await json(await upload(me, '/api/v1/imports/csv/preview', GOOGLE))).data;
    expect(preview.suggested_mapping).toMatchObject({ 'Relation 1 - Value': 'related', 'Relation 1 - Label': 'ignore' });
    expect(await importCsv(me, GOOGLE)).toMatchObject({ status: 'done', created: 3, failed: 0 });

    expect(await linksOf(me, 'Ana Berg')).toEqual([
      ['Bo Berg', 'contact', 'spouse'],
      ['Mia Berg', 'person', 'child'],
      ['Noa Berg', 'person', 'child'],
    ]);
    expect(await linksOf(me, 'Bo Berg')).toEqual([
      ['Ana Berg', 'contact', 'spouse'],
      ['Cy Adams', 'contact', 'introduced you'],
      ['Eli Roth', 'person', 'Godfather'],
    ]);
    expect(await linksOf(me, 'Cy Adams')).toEqual([['Bo Berg', 'contact', 'you met through them']]);

    // The same file again: the contacts are matched, and no link is made twice.
    await importCsv(me, GOOGLE);
    expect(await linksOf(me, 'Ana Berg')).toHaveLength(3);
    expect(await linksOf(me, 'Bo Berg')).toHaveLength(3);
  });
});
