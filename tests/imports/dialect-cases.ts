// The classes of real exports (README, Imports: "What an import keeps"), one small file each,
// written for Kith after the traits of real exports (no third-party file is copied). `visible`:
// values that must land where a user sees them (a field, a date, the notes).

export interface DialectCase {
  name: string;
  kind: 'csv' | 'vcard';
  file: string | Uint8Array;
  visible: string[];
  /** Values that must arrive as phones and emails (not only in the notes). */
  phones?: string[];
  emails?: string[];
}

const WINDOWS_1252: Record<string, number> = { é: 0xe9, è: 0xe8, à: 0xe0, ä: 0xe4, ü: 0xfc, ö: 0xf6, ø: 0xf8, ß: 0xdf, ç: 0xe7, '’': 0x92 };
const MAC_ROMAN: Record<string, number> = { é: 0x8e, è: 0x8f, à: 0x88, ä: 0x8a, ü: 0x9f, ö: 0x9a, ø: 0xbf, ß: 0xa7, ç: 0x8d, '’': 0xd5 };

export function singleByte(text: string, table: Record<string, number>): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    if (c.charCodeAt(0) < 0x80) return c.charCodeAt(0);
    if (!(c in table)) throw new Error(`no byte for ${c}`);
    return table[c]!;
  });
}

/** Windows-1251: А-я are 0xC0-0xFF in order, Ё 0xA8, ё 0xB8. */
export function windows1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x80) return code;
    if (c === 'Ё') return 0xa8;
    if (c === 'ё') return 0xb8;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    throw new Error(`no byte for ${c}`);
  });
}

export function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const units = bom ? `\uFEFF${text}` : text;
  const bytes = new Uint8Array(units.length * 2);
  for (let i = 0; i < units.length; i++) {
    const [lo, hi] = [units.charCodeAt(i) & 0xff, units.charCodeAt(i) >> 8];
    bytes.set(order === 'le' ? [lo, hi] : [hi, lo], 2 * i);
  }
  return bytes;
}

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const vcard = (...lines: string[]) => crlf('BEGIN:VCARD', ...lines, 'END:VCARD');
const PERSON = ['José', 'Müller', 'jose@example.org', 'Straße & Söhne', 'Tromsø'];
const personCsv = (sep: string, eol: string) =>
  ['First Name', 'Last Name', 'E-mail Address', 'Company', 'Notes'].join(sep) +
  eol +
  PERSON.map((v) => (v === 'Tromsø' ? 'Vit à Tromsø' : v)).join(sep) +
  eol;

export const CSV_CASES: DialectCase[] = [
  { name: 'UTF-8 with BOM, CRLF', kind: 'csv', file: `\uFEFF${personCsv(',', '\r\n')}`, visible: PERSON },
  {
    name: 'UTF-16LE with BOM, tabs (Excel "Unicode text")',
    kind: 'csv',
    file: utf16(personCsv('\t', '\r\n'), 'le', true),
    visible: PERSON,
  },
  { name: 'UTF-16LE without BOM', kind: 'csv', file: utf16(personCsv('\t', '\r\n'), 'le', false), visible: PERSON },
  { name: 'UTF-16BE without BOM', kind: 'csv', file: utf16(personCsv(',', '\n'), 'be', false), visible: PERSON },
  {
    name: 'Windows-1252 without BOM (Outlook, Excel "CSV")',
    kind: 'csv',
    file: singleByte(personCsv(',', '\r\n'), WINDOWS_1252),
    visible: PERSON,
  },
  {
    name: 'Mac Roman, CR line ends (Excel "CSV (Macintosh)")',
    kind: 'csv',
    file: singleByte(personCsv(',', '\r'), MAC_ROMAN),
    visible: PERSON,
  },
  {
    name: 'Windows-1251 without BOM (Outlook, Excel on a Russian Windows)',
    kind: 'csv',
    file: windows1251(
      'Имя,Фамилия,Организация,Мобильный телефон,Заметки\r\nЕкатерина,Смирнова,Яндекс,+7 916 555-12-34,Любит шахматы и джаз.\r\n',
    ),
    visible: [
      '"first_name":"Екатерина"',
      '"last_name":"Смирнова"',
      '"name":"Яндекс"',
      '+7 916 555-12-34',
      '"notes":"Любит шахматы и джаз.',
      'Мобильный: +7 916 555-12-34',
    ],
  },
  { name: 'CR line ends, UTF-8', kind: 'csv', file: personCsv(',', '\r'), visible: PERSON },
  {
    name: 'mixed CRLF and LF line ends',
    kind: 'csv',
    file: 'Name,Email\r\nAda Lovelace,ada@example.org\nAlan Turing,alan@example.org\r\nGrace Hopper,grace@example.org\r\n',
    visible: ['Ada Lovelace', 'ada@example.org', 'Alan Turing', 'alan@example.org', 'Grace Hopper'],
  },
  { name: 'Excel "sep=;" first line', kind: 'csv', file: `sep=;\r\n${personCsv(';', '\r\n')}`, visible: PERSON },
  { name: 'semicolons (European Excel)', kind: 'csv', file: personCsv(';', '\r\n'), visible: PERSON },
  { name: 'tabs', kind: 'csv', file: personCsv('\t', '\n'), visible: PERSON },
  {
    name: 'quoted multi-line field with separators and quotes inside',
    kind: 'csv',
    file: 'Name,Notes,Email\n"Lovelace, Ada","Line one, with a comma\nLine ""two""; end",ada@example.org\n',
    visible: ['Ada', 'Lovelace', 'Line one, with a comma', 'Line \\"two\\"; end', 'ada@example.org'],
  },
  {
    name: 'duplicate headers',
    kind: 'csv',
    file: 'Name,Email,Email,Company,Company\nAda Lovelace,ada@example.org,ada@home.example,Analytical Engines,Royal Society\n',
    visible: ['Ada', 'ada@example.org', 'ada@home.example', 'Analytical Engines', 'Royal Society'],
  },
  {
    name: 'blank header over values, trailing empty columns',
    kind: 'csv',
    file: 'Name,Email,,,\nAda Lovelace,ada@example.org,Countess,,\n',
    visible: ['Ada', 'ada@example.org', 'Countess'],
  },
  {
    name: 'values beyond the header',
    kind: 'csv',
    file: 'Name,Email\nAda Lovelace,ada@example.org,Analyst\n',
    visible: ['Ada', 'ada@example.org', 'Analyst'],
  },
  {
    name: 'Google "E-mail 1 - Value" with " ::: " between values',
    kind: 'csv',
    file: 'First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Labels\nAda,Lovelace,* Home,ada@example.org ::: ada@home.example,Mobile,+44 20 7946 0000 ::: +44 20 7946 0001,* myContacts ::: Pioneers\n',
    visible: ['ada@example.org', 'ada@home.example', '+44 20 7946 0000', '+44 20 7946 0001', 'Pioneers'],
  },
  {
    name: 'LinkedIn Connections.csv with its "Notes:" preamble',
    kind: 'csv',
    file: 'Notes:\n"When exporting your connection data, you may notice that some of the email addresses are missing."\n\nFirst Name,Last Name,URL,Email Address,Company,Position,Connected On\nAda,Lovelace,https://www.linkedin.com/in/ada-lovelace,ada@example.org,Analytical Engines,Analyst,14 Mar 2024\n',
    visible: [
      'Ada',
      'Lovelace',
      'https://www.linkedin.com/in/ada-lovelace',
      'ada@example.org',
      'Analytical Engines',
      'Analyst',
      '2024-03-14',
    ],
  },
  {
    name: 'Outlook in German (Windows-1252, part-first address columns)',
    kind: 'csv',
    file: singleByte(
      crlf(
        '"Anrede","Vorname","Weitere Vornamen","Nachname","Firma","Abteilung","Position","Straße geschäftlich","Ort geschäftlich","Postleitzahl geschäftlich","Land/Region geschäftlich","Telefon geschäftlich","Fax geschäftlich","Mobiltelefon","E-Mail-Adresse","E-Mail-Typ","Geburtstag","Notizen","Priorität","Vertraulichkeit"',
        '"Herr","Jürgen","Karl","Böhm","Böhm & Söhne","Vertrieb","Geschäftsführer","Königstraße 5","Stuttgart","70173","Deutschland","+49 711 5550100","+49 711 5550199","+49 170 5550123","juergen@boehm.example","SMTP","3.10.1970","Kunde seit 2010","Normal","Normal"',
      ),
      WINDOWS_1252,
    ),
    visible: [
      'Jürgen',
      'Böhm',
      'Karl',
      'Böhm & Söhne',
      'Vertrieb',
      'Geschäftsführer',
      'Königstraße 5',
      'Stuttgart',
      '+49 711 5550100',
      '+49 711 5550199',
      '+49 170 5550123',
      'juergen@boehm.example',
      '"month":10',
      'Kunde seit 2010',
    ],
  },
  {
    name: 'French headers',
    kind: 'csv',
    file: 'Prénom;Nom;Société;Fonction;Adresse de messagerie;Téléphone mobile;Ville;Pays/Région;Remarques\nFrançoise;Barré;Institut Pasteur;Virologue;francoise@pasteur.example;+33 6 55 50 01 02;Paris;France;Prix Nobel 2008\n',
    visible: [
      'Françoise',
      'Barré',
      'Institut Pasteur',
      'Virologue',
      'francoise@pasteur.example',
      '+33 6 55 50 01 02',
      'Paris, France',
      'Prix Nobel 2008',
    ],
  },
];

export const VCARD_CASES: DialectCase[] = [
  {
    name: '2.1 quoted-printable with soft line breaks and CHARSET',
    kind: 'vcard',
    file: vcard(
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Jos=C3=A9;;;',
      'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Line one=0D=0A=',
      'Line tw=',
      'o, stra=C3=9Fe',
      'TEL;CELL:+49 170 5550123',
    ),
    visible: ['José', 'Müller', 'Line one', 'Line two, straße', '+49 170 5550123'],
  },
  {
    name: 'folding with a tab, escapes \\, \\; \\n \\\\',
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Lovelace;Ada;;;',
      'FN:Ada Lovelace',
      'NOTE:Commas\\, semicolons\\; and a back',
      '\tslash \\\\ here\\nSecond line',
      'EMAIL:ada@example.org',
    ),
    visible: ['Ada', 'Commas, semicolons; and a backslash \\\\ here\\nSecond line', 'ada@example.org'],
  },
  {
    name: 'grouped properties (item1.EMAIL + X-ABLabel), TYPE lists, lowercase names, no blank line between cards',
    kind: 'vcard',
    file:
      vcard(
        'version:3.0',
        'n:Hopper;Grace;;;',
        'fn:Grace Hopper',
        'item1.email;type=INTERNET,pref:grace@navy.example',
        'item1.X-ABLabel:Navy',
        'tel;type=CELL,VOICE:+1 555 0100',
      ) + vcard('VERSION:2.1', 'N:Turing;Alan', 'TEL;WORK;VOICE:+44 20 7946 0002', 'EMAIL;INTERNET:alan@example.org'),
    visible: ['Grace', 'grace@navy.example', '+1 555 0100', 'Alan', '+44 20 7946 0002', 'alan@example.org'],
  },
  {
    name: 'N missing, FN only',
    kind: 'vcard',
    file: vcard('VERSION:3.0', 'FN:Hedy Lamarr', 'EMAIL:hedy@example.org'),
    visible: ['Hedy', 'Lamarr', 'hedy@example.org'],
  },
  {
    name: "N's prefix, middle name and suffix; ORG with units; ROLE; NICKNAME",
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Okonkwo;Chidi;Emeka;Dr.;Jr.',
      'FN:Dr. Chidi Emeka Okonkwo Jr.',
      'ORG:Harbor Analytics;Research;Ocean Models',
      'ROLE:Team lead',
      'NICKNAME:Chi',
      'EMAIL:chidi@harbor.example',
    ),
    visible: ['Chidi', 'Okonkwo', 'Emeka', 'Dr.', 'Jr.', 'Harbor Analytics', 'Research, Ocean Models', 'Team lead', 'Chi'],
  },
  {
    name: 'two organizations and titles (Google)',
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Franklin;Rosalind;;;',
      "ORG:King's College London;Biophysics",
      'TITLE:Research Associate',
      'ORG:Birkbeck College',
      'TITLE:Senior Scientist',
    ),
    visible: ["King's College London", 'Biophysics', 'Research Associate', 'Birkbeck College', 'Senior Scientist'],
  },
  {
    name: 'ADR with PO box and LABEL',
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Sato;Haruki;;;',
      'ADR;TYPE=HOME;LABEL="PO Box 17\\nKyoto":PO Box 17;;;Kyoto;;600-8216;Japan',
      'ADR;TYPE=WORK:;;1 Shijo Street;Kyoto;;600-8001;Japan',
    ),
    visible: ['Haruki', 'PO Box 17', 'Kyoto', '600-8216', '1 Shijo Street', '600-8001', 'Japan'],
  },
  {
    name: 'BDAY without a year (--0415, X-APPLE-OMIT-YEAR), a BDAY as text',
    kind: 'vcard',
    file:
      vcard('VERSION:3.0', 'N:Curie;Marie;;;', 'BDAY:--0415') +
      vcard('VERSION:3.0', 'N:Curie;Pierre;;;', 'BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-15') +
      vcard('VERSION:4.0', 'N:Curie;Irène;;;', 'BDAY;VALUE=text:circa 1897'),
    visible: ['"month":4,"day":15,"year":null', '"month":5,"day":15,"year":null', 'circa 1897'],
  },
  {
    name: 'vCard 4.0 VALUE=uri tel and email, GENDER, IMPP',
    kind: 'vcard',
    file: vcard(
      'VERSION:4.0',
      'FN:Rafael Ortega',
      'N:Ortega;Rafael;;;',
      'TEL;VALUE=uri;TYPE=cell:tel:+34-600-555-010',
      'EMAIL;VALUE=uri:mailto:rafael@ortega.example',
      'GENDER:M',
      'IMPP;TYPE=work:xmpp:rafael@jabber.example',
    ),
    visible: ['Rafael', '+34-600-555-010', 'rafael@ortega.example', 'Gender: M', 'xmpp:rafael@jabber.example'],
  },
  {
    name: 'Windows-1252 card without CHARSET (Outlook 2003)',
    kind: 'vcard',
    file: singleByte(vcard('VERSION:2.1', 'N:Müller;José', 'ORG:Straße & Söhne', 'NOTE:Vit à Tromsø'), WINDOWS_1252),
    visible: PERSON.filter((v) => !v.includes('@')),
  },
  {
    name: 'Mac Roman card without CHARSET (old Mac address book)',
    kind: 'vcard',
    file: singleByte(vcard('VERSION:3.0', 'N:Müller;José;;;', 'ORG:Straße & Söhne', 'NOTE:Vit à Tromsø'), MAC_ROMAN),
    visible: PERSON.filter((v) => !v.includes('@')),
  },
  {
    name: 'UTF-16 card without BOM (Mac OS X)',
    kind: 'vcard',
    file: utf16(vcard('VERSION:3.0', 'N:Müller;José;;;', 'ORG:Straße & Söhne', 'NOTE:Vit à Tromsø', 'EMAIL:jose@example.org'), 'le', false),
    visible: PERSON,
  },
  {
    name: 'Android X-ANDROID-CUSTOM nickname',
    kind: 'vcard',
    file: vcard(
      'VERSION:2.1',
      'N:Lindqvist;Maja;;;',
      'TEL;CELL:+46 70 555 01 23',
      'X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Majsan;1;;;;;;;;;;;;;',
    ),
    visible: ['Maja', '+46 70 555 01 23', 'Majsan'],
  },
];
