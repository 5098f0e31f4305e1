import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';

// ADR 078: nothing an import reads is dropped or cut without the report saying so. A value longer
// than its field (a date's label, a related person's name, a photo's address, a place) is cut
// with a warning and kept whole in the notes; a line of what no field takes is kept however long;
// a notes line that no longer fits under the notes' limit is a warning.

const card = (...lines: string[]) => ['BEGIN:VCARD', ...lines, 'END:VCARD', ''].join('\r\n');
const long = (word: string, length: number) => word.repeat(Math.ceil(length / word.length)).slice(0, length);

async function importVcard(session: Session, contents: string) {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  expect(res.status).toBe(202);
  return waitForImport(session, (await json(res)).data.import_id);
}
const only = async (session: Session) => {
  const [contact, ...rest] = await allContacts(session);
  expect(rest).toEqual([]);
  return contact;
};
const datesOf = async (session: Session, id: string) =>
  (await json(await as(session, `/api/v1/contacts/${id}/dates`))).data.map((d: any) => [d.kind, d.label]);
const linksOf = async (session: Session, id: string) =>
  (await json(await as(session, `/api/v1/contacts/${id}/relationships`))).data.map((r: any) => [r.other.name, r.description]);

describe('values too long for their field (ADR 078)', () => {
  it('a vCard: a long leftover line, date label, related name, photo address and place are kept and reported', async () => {
    const me = await signUp();
    const role = long('Keeper of the analytical engine’s punched cards. ', 2600);
    const label = long('First lecture at the Royal Society ', 150);
    const related = long('Augusta Ada King-Noel ', 260);
    const photo = `https://photos.example.org/${long('a', 2100)}.jpg`;
    const city = long('Llanfairpwllgwyngyll ', 230);
    const result = await importVcard(
      me,
      card(
        'VERSION:3.0',
        'N:Lovelace;Ada;;;',
        'FN:Ada Lovelace',
        'EMAIL:ada@example.org',
        `ROLE:${role}`,
        `item1.X-ABDATE:1843-07-10`,
        `item1.X-ABLabel:${label}`,
        `item2.X-ABRELATEDNAMES:${related}`,
        'item2.X-ABLabel:_$!<Mother>!$_',
        `PHOTO;VALUE=uri:${photo}`,
        `ADR;TYPE=HOME:;;;${city};;;United Kingdom`,
      ),
    );
    expect(result).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const warned = result.warnings.map((w: any) => [w.field, w.message]);
    expect(warned).toEqual(
      expect.arrayContaining([
        ['Location', 'is longer than 200 characters; cut, the whole value is kept in the notes'],
        ['Date label', 'is longer than 100 characters; cut, the whole value is kept in the notes'],
        ['Related person', 'is longer than 200 characters; cut, the whole value is kept in the notes'],
        ['Photo', 'is longer than 2000 characters; left out, the whole value is kept in the notes'],
      ]),
    );
    expect(warned).toHaveLength(4);
    const ada = await only(me);
    expect(ada.notes).toContain(`Role: ${role.trim()}`);
    expect(ada.notes).toContain(`Date label: ${label.trim()}`);
    expect(ada.notes).toContain(`Related person: ${related.trim()}`);
    expect(ada.notes).toContain(`Photo: ${photo}`);
    expect(ada.notes).toContain(`${city.trim()}, United Kingdom`);
    expect(ada.avatar_url).toBeNull();
    expect(ada.location).toBe(`${city.trim()}, United Kingdom`.slice(0, 200));
    expect(await datesOf(me, ada.id)).toEqual([['custom', label.trim().slice(0, 100)]]);
    expect(await linksOf(me, ada.id)).toEqual([[related.trim().slice(0, 200), 'parent']]);
  });

  it('a Google CSV: a long event label, relation name and city are kept and reported', async () => {
    const me = await signUp();
    const label = long('Graduation from the University of Cambridge ', 140);
    const related = long('Sir Charles Babbage of Marylebone ', 240);
    const city = long('Taumatawhakatangihangakoauauotamatea ', 220);
    const csv = [
      'Given Name,Family Name,E-mail 1 - Value,Event 1 - Label,Event 1 - Value,Relation 1 - Label,Relation 1 - Value,Address 1 - City',
      `Alan,Turing,alan@example.org,${label},1934-06-20,Friend,${related},${city}`,
    ].join('\r\n');
    const result = await importCsv(me, csv);
    expect(result).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect(result.warnings.map((w: any) => w.field).sort()).toEqual(['Date label', 'Location', 'Related person']);
    const alan = await only(me);
    expect(alan.notes).toContain(`Date label: ${label.trim()}`);
    expect(alan.notes).toContain(`Related person: ${related.trim()}`);
    expect(alan.notes).toContain(city.trim());
    expect(await datesOf(me, alan.id)).toEqual([['custom', label.trim().slice(0, 100)]]);
  });

  it('a notes line that no longer fits under the notes’ limit is a warning, not a silent cut', async () => {
    const me = await signUp();
    const note = long('Met at the Analytical Society. ', 19_990);
    const result = await importVcard(me, card('VERSION:3.0', 'N:Hopper;Grace;;;', 'FN:Grace Hopper', `NOTE:${note}`, 'EMAIL:not-an-email'));
    expect(result).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        {
          row: 1,
          field: 'Notes',
          value: 'Imported values Kith could not read: Email: not-an-email',
          message: 'did not fit in the notes (20,000 characters at most); cut where they end',
        },
      ]),
    );
    expect((await only(me)).notes).toHaveLength(20_000);
  });
});
