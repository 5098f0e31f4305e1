import { describe, expect, it } from 'vitest';
import { json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload } from '../support/imports';

// Files as the exporters write their bytes (ADR 065). Each non-ASCII character is given its byte
// in the encoding named, so the test does not lean on the decoder it checks.
const WINDOWS_1252: Record<string, number> = {
  é: 0xe9,
  è: 0xe8,
  à: 0xe0,
  ä: 0xe4,
  ö: 0xf6,
  ü: 0xfc,
  ß: 0xdf,
  ç: 0xe7,
  ø: 0xf8,
  '€': 0x80,
  '’': 0x92,
  '–': 0x96,
};
const MAC_ROMAN: Record<string, number> = {
  é: 0x8e,
  è: 0x8f,
  à: 0x88,
  ä: 0x8a,
  ö: 0x9a,
  ü: 0x9f,
  ß: 0xa7,
  ç: 0x8d,
  ø: 0xbf,
  '€': 0xdb,
  '’': 0xd5,
  '–': 0xd0,
};

function singleByte(text: string, table: Record<string, number>): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    if (c.charCodeAt(0) < 0x80) return c.charCodeAt(0);
    if (!(c in table)) throw new Error(`no byte for ${c}`);
    return table[c]!;
  });
}

function utf16(text: string, order: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const [lo, hi] = [text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8];
    bytes.set(order === 'le' ? [lo, hi] : [hi, lo], 2 * i);
  }
  return bytes;
}

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);
const preview = async (me: Session, file: Uint8Array | string) => json(await upload(me, '/api/v1/imports/csv/preview', file));

// An Outlook desktop export ("Comma Separated Values", saved in the Windows code page).
const OUTLOOK = [
  '"First Name","Last Name","Company","Job Title","E-mail Address","Notes"',
  '"José","Müller","Straße & Söhne","Geschäftsführer","jose@example.org","Commande de 1 200 € – rappeler l’après-midi."',
  '"François","Lefèvre","","","francois@example.org","Vit à Tromsø."',
  '',
].join('\r\n');

describe('CSV files that are not UTF-8', () => {
  it('reads a Windows-1252 file without BOM (Outlook, Excel on Windows): names, company and notes come through whole', async () => {
    const me = await signUp();
    expect(await importCsv(me, singleByte(OUTLOOK, WINDOWS_1252))).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const contacts = await allContacts(me);
    expect(byName(contacts, 'José Müller')).toMatchObject({
      company: { name: 'Straße & Söhne' },
      title: 'Geschäftsführer',
      notes: 'Commande de 1 200 € – rappeler l’après-midi.',
    });
    expect(byName(contacts, 'François Lefèvre')).toMatchObject({ notes: 'Vit à Tromsø.' });
  });

  it('reads a Mac Roman file with CR line ends (Excel\'s "CSV (Macintosh)")', async () => {
    const me = await signUp();
    const macintosh = singleByte(OUTLOOK.replaceAll('\r\n', '\r'), MAC_ROMAN);
    expect(await importCsv(me, macintosh)).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const contacts = await allContacts(me);
    expect(byName(contacts, 'José Müller')).toMatchObject({
      company: { name: 'Straße & Söhne' },
      emails: ['jose@example.org'],
      notes: 'Commande de 1 200 € – rappeler l’après-midi.',
    });
    expect(byName(contacts, 'François Lefèvre')).toMatchObject({ notes: 'Vit à Tromsø.' });
  });

  it.each(['le', 'be'] as const)('reads UTF-16 (%s) without a byte-order mark, tab-separated', async (order) => {
    const me = await signUp();
    const text = 'First Name\tLast Name\tE-mail Address\tNotes\r\nBjörn\tÅström\tbjorn@example.org\t日本語も話せる\r\n';
    const { data } = await preview(me, utf16(text, order));
    expect(data).toMatchObject({ headers: ['First Name', 'Last Name', 'E-mail Address', 'Notes'], total_rows: 1 });
    expect(await importCsv(me, utf16(text, order))).toMatchObject({ status: 'done', created: 1 });
    expect((await allContacts(me))[0]).toMatchObject({ full_name: 'Björn Åström', notes: '日本語も話せる' });
  });
});

describe('CSV layouts', () => {
  it('takes Excel\'s "sep=;" first line as the separator, not as the header', async () => {
    const me = await signUp();
    const file = '\uFEFFsep=;\r\nFirst Name;Last Name;E-mail Address;Company\r\nGrace;Hopper;grace@example.org;US Navy, Reserve\r\n';
    const { data } = await preview(me, file);
    expect(data.headers).toEqual(['First Name', 'Last Name', 'E-mail Address', 'Company']);
    expect(data.dialect).toMatchObject({ id: 'excel_semicolon' });
    expect(await importCsv(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect((await allContacts(me))[0]).toMatchObject({ full_name: 'Grace Hopper', company: { name: 'US Navy, Reserve' } });
    // "sep=," is not the name of a Numbers table above the header.
    const comma = await preview(me, 'sep=,\nWho,Mail\nLin Wei,lin@example.com\n');
    expect(comma.data).toMatchObject({ headers: ['Who', 'Mail'], dialect: null, total_rows: 1 });
  });

  it('splits rows whose line ends mix CRLF and LF, and keeps the line breaks inside a quoted note', async () => {
    const me = await signUp();
    const file =
      'First Name,Last Name,Email,Notes\r\nAda,Lovelace,ada@example.org,"Line one\r\nLine two"\r\nAlan,Turing,alan@example.org,\nHedy,Lamarr,hedy@example.org,Actress\r\n';
    expect(await importCsv(me, file)).toMatchObject({ status: 'done', created: 3, failed: 0 });
    const contacts = await allContacts(me);
    expect(byName(contacts, 'Ada Lovelace')).toMatchObject({ notes: 'Line one\r\nLine two' });
    expect(byName(contacts, 'Alan Turing')).toMatchObject({ emails: ['alan@example.org'], notes: null });
    expect(byName(contacts, 'Hedy Lamarr')).toMatchObject({ emails: ['hedy@example.org'], notes: 'Actress' });
  });
});
