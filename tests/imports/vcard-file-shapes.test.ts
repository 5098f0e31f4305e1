import { describe, expect, it } from 'vitest';
import { json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';

// ADR 078: files as other address books and file tools leave them. A file cut off in its last
// card, cards whose END:VCARD went missing, line ends of three kinds, files joined end to end
// (each with its byte-order mark) and a note that quotes a card: every card imports, and a card
// read only as far as it goes is named in the report.

const card = (eol: string, ...lines: string[]) => ['BEGIN:VCARD', ...lines, 'END:VCARD', ''].join(eol);
const BOM = '\uFEFF';

async function importVcard(session: Session, contents: string) {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, 'contacts.vcf');
  expect(res.status).toBe(202);
  return waitForImport(session, (await json(res)).data.import_id);
}
const byName = async (session: Session) => new Map((await allContacts(session)).map((c) => [c.full_name, c]));

describe('vCard files cut off or joined (ADR 078)', () => {
  it('imports a card cut off at the end of the file as far as it goes, and names it in the report', async () => {
    const me = await signUp();
    const file =
      card('\r\n', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'EMAIL:ada@example.org') +
      ['BEGIN:VCARD', 'VERSION:3.0', 'N:Turing;Alan;;;', 'FN:Alan Turing', 'EMAIL:alan@example.org', 'TEL:+44 20 7946 0'].join('\r\n');
    const result = await importVcard(me, file);
    expect(result).toMatchObject({ status: 'done', created: 2, failed: 0, errors: [] });
    expect(result.warnings).toEqual([
      {
        row: 2,
        field: '',
        value: '',
        message:
          'Card 2 ("Alan Turing"): the card ends without END:VCARD: the file may be cut off; imported as far as it goes, check its last field',
      },
    ]);
    const contacts = await byName(me);
    expect(contacts.get('Alan Turing')).toMatchObject({ emails: ['alan@example.org'], phones: ['+44 20 7946 0'] });
    expect(contacts.get('Ada Lovelace')).toMatchObject({ emails: ['ada@example.org'] });
  });

  it('reads a card whose END:VCARD is missing in the middle of the file, and the card after it', async () => {
    const me = await signUp();
    const file =
      ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Grace Hopper', 'N:Hopper;Grace;;;', 'EMAIL:grace@example.org', ''].join('\n') +
      card('\n', 'VERSION:3.0', 'FN:Edsger Dijkstra', 'N:Dijkstra;Edsger;;;', 'EMAIL:ewd@example.org');
    const result = await importVcard(me, file);
    expect(result).toMatchObject({ created: 2, failed: 0 });
    expect(result.warnings.map((w: any) => w.message)).toEqual([
      'Card 1 ("Grace Hopper"): the card ends without END:VCARD: the file may be cut off; imported as far as it goes, check its last field',
    ]);
    expect([...(await byName(me)).keys()].sort()).toEqual(['Edsger Dijkstra', 'Grace Hopper']);
  });

  it('reads CRLF, LF and CR line ends in one file, and files joined with their byte-order marks', async () => {
    const me = await signUp();
    const file =
      BOM +
      card('\r\n', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'NOTE:First line\\nsecond') +
      card('\n', 'VERSION:3.0', 'N:Turing;Alan;;;', 'FN:Alan Turing', 'EMAIL:alan@example.org') +
      BOM +
      card('\r', 'VERSION:3.0', 'N:Hopper;Grace;;;', 'FN:Grace Hopper', 'EMAIL:grace@example.org', 'NOTE:Folded', ' across lines') +
      `${BOM}\r\n` +
      card('\r\n', 'VERSION:4.0', 'FN:Edsger Dijkstra', 'N:Dijkstra;Edsger;;;', 'EMAIL:ewd@example.org');
    const result = await importVcard(me, file);
    expect(result).toMatchObject({ status: 'done', total: 4, created: 4, failed: 0, skipped: 0, errors: [], warnings: [] });
    const contacts = await byName(me);
    expect([...contacts.keys()].sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Edsger Dijkstra', 'Grace Hopper']);
    expect(contacts.get('Grace Hopper').notes).toBe('Foldedacross lines');
    expect(contacts.get('Ada Lovelace').notes).toBe('First line\nsecond');
  });

  it('keeps a card quoted in a note as the note’s text, not as a card of its own', async () => {
    const me = await signUp();
    const file =
      card(
        '\r\n',
        'VERSION:3.0',
        'N:Lovelace;Ada;;;',
        'FN:Ada Lovelace',
        'NOTE:Her old card:',
        'BEGIN:VCARD',
        'FN:Augusta Byron',
        'EMAIL:augusta@example.org',
        'END:VCARD',
        'EMAIL:ada@example.org',
      ) + card('\r\n', 'VERSION:3.0', 'N:Turing;Alan;;;', 'FN:Alan Turing');
    const result = await importVcard(me, file);
    expect(result).toMatchObject({ total: 2, created: 2, failed: 0, errors: [], warnings: [] });
    const ada = (await byName(me)).get('Ada Lovelace');
    expect(ada).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.org'] });
    expect(ada.notes).toBe('Her old card:\nBEGIN:VCARD\nFN:Augusta Byron\nEMAIL:augusta@example.org\nEND:VCARD');
  });
});
