// Round three of the classes of real exports (ADR 075): fax, pager and the other numbers whose
// column does not say "phone", and files in Turkish, Baltic, Greek, Russian (KOI8) and Japanese
// (EUC-JP) encodings without a BOM. Written for Kith after the traits of real exports (no
// third-party file is copied); the bytes come from the runtime's own decoders (inEncoding).
import { utf16, type DialectCase } from './dialect-cases';
import { inEncoding } from './dialect-cases-round-two';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const vcard = (...lines: string[]) => crlf('BEGIN:VCARD', ...lines, 'END:VCARD');
const HEADER = 'First Name,Last Name,E-mail Address,Company,Notes';

export const NUMBER_CASES: DialectCase[] = [
  {
    name: 'Outlook CSV: Business Fax, Home Fax, Other Fax, Pager, Callback, Car, ISDN, TTY/TDD, Radio, Assistant, Company Main',
    kind: 'csv',
    file: crlf(
      "First Name,Last Name,E-mail Address,Assistant's Phone,Business Fax,Business Phone,Callback,Car Phone,Company Main Phone,Home Fax,ISDN,Mobile Phone,Other Fax,Pager,Radio Phone,TTY/TDD Phone,Telex",
      'Wangari,Maathai,wangari@greenbelt.example,+254 20 555 0100,+254 20 555 0101,+254 20 555 0102,+254 20 555 0103,+254 722 555 0104,+254 20 555 0105,+254 20 555 0106,+254 20 555 0107,+254 722 555 0108,+254 20 555 0109,+254 733 555 0110,+254 733 555 0111,+254 20 555 0112,+254 20 555 0113',
    ),
    visible: [
      'Assistant: +254 20 555 0100',
      'Business Fax: +254 20 555 0101',
      'Business: +254 20 555 0102',
      'Callback: +254 20 555 0103',
      'Car: +254 722 555 0104',
      'Company Main: +254 20 555 0105',
      'Home Fax: +254 20 555 0106',
      'ISDN: +254 20 555 0107',
      'Mobile: +254 722 555 0108',
      'Other Fax: +254 20 555 0109',
      'Pager: +254 733 555 0110',
      'Radio: +254 733 555 0111',
      'TTY/TDD: +254 20 555 0112',
      'Telex: +254 20 555 0113',
    ],
    phones: [
      '+254 20 555 0100',
      '+254 20 555 0101',
      '+254 20 555 0102',
      '+254 20 555 0106',
      '+254 20 555 0109',
      '+254 733 555 0110',
      '+254 20 555 0112',
      '+254 20 555 0113',
    ],
  },
  {
    name: 'Outlook CSV in German and French: "Fax geschäftlich", "Fax privat", "Weiteres Fax", "Rückmeldung", "Télécopie bureau"',
    kind: 'csv',
    file: crlf(
      'Vorname;Nachname;Telefon geschäftlich;Fax geschäftlich;Fax privat;Weiteres Fax;Rückmeldung;Télécopie bureau',
      'Käthe;Schröder;+49 40 555 0100;+49 40 555 0199;+49 40 555 0198;+49 40 555 0197;+49 40 555 0196;+33 1 55 55 01 99',
    ),
    visible: [
      'Fax geschäftlich: +49 40 555 0199',
      'Fax privat: +49 40 555 0198',
      'Weiteres Fax: +49 40 555 0197',
      'Rückmeldung: +49 40 555 0196',
      'Télécopie bureau: +33 1 55 55 01 99',
    ],
    phones: ['+49 40 555 0100', '+49 40 555 0199', '+49 40 555 0198', '+49 40 555 0197', '+49 40 555 0196', '+33 1 55 55 01 99'],
  },
  {
    name: 'Thunderbird CSV "Fax Number" and "Pager Number"; Google CSV "Phone 2 - Type: Work Fax"',
    kind: 'csv',
    file: crlf(
      'First Name,Last Name,Display Name,Primary Email,Work Phone,Fax Number,Pager Number,Phone 2 - Type,Phone 2 - Value',
      'Alan,Kay,Alan Kay,alan@parc.example,+1 650 555 0500,+1 650 555 0509,+1 650 555 0508,Work Fax,+1 650 555 0507',
    ),
    visible: ['Fax: +1 650 555 0509', 'Pager: +1 650 555 0508', 'Work Fax: +1 650 555 0507'],
    phones: ['+1 650 555 0500', '+1 650 555 0509', '+1 650 555 0508', '+1 650 555 0507'],
  },
  {
    name: 'Google CSV "Custom Field 1 - Label", "IM 1 - Label", "External ID 1 - Label", "Website 1 - Label" name their values',
    kind: 'csv',
    file: crlf(
      'First Name,Last Name,E-mail 1 - Value,Custom Field 1 - Label,Custom Field 1 - Value,IM 1 - Label,IM 1 - Service,IM 1 - Value,External ID 1 - Label,External ID 1 - Value,Website 1 - Label,Website 1 - Value',
      'Ada,Lovelace,ada@example.com,Shoe size,38,Work,Skype,ada.skype,Account,A-1815,Blog,https://ada.example',
    ),
    visible: [
      'Shoe size: 38',
      'IM 1 (Work): ada.skype',
      'IM 1 - Service: Skype',
      'External ID 1 (Account): A-1815',
      'Blog: https://ada.example',
    ],
  },
  {
    name: 'A telex column whose values are no phone numbers stays in the notes',
    kind: 'csv',
    file: crlf('First Name,Last Name,Business Phone,Telex', 'Grace,Hopper,+1 202 555 0100,89 1234 NAVY X'),
    visible: ['Telex: 89 1234 NAVY X'],
    phones: ['+1 202 555 0100'],
  },
  {
    name: 'vCard 2.1 TEL;WORK;FAX, 3.0 TEL;TYPE=HOME,FAX and TYPE=PAGER, 4.0 TYPE=textphone',
    kind: 'vcard',
    file:
      vcard('VERSION:2.1', 'N:Turing;Alan', 'TEL;WORK;VOICE:+44 20 7946 0001', 'TEL;WORK;FAX:+44 20 7946 0002') +
      vcard('VERSION:3.0', 'N:Hopper;Grace;;;', 'TEL;TYPE=HOME,FAX:+1 555 0102', 'TEL;TYPE=PAGER:+1 555 0103') +
      vcard('VERSION:4.0', 'FN:Katherine Johnson', 'N:Johnson;Katherine;;;', 'TEL;TYPE=textphone:+1 555 0301'),
    visible: ['Work fax: +44 20 7946 0002', 'Home fax: +1 555 0102', 'Pager: +1 555 0103', 'Textphone: +1 555 0301'],
    phones: ['+44 20 7946 0001', '+44 20 7946 0002', '+1 555 0102', '+1 555 0103', '+1 555 0301'],
  },
];

/**
 * An Outlook-style CSV of `rows` (First Name, Last Name, E-mail Address, Company, Notes) in a
 * legacy encoding without a BOM: each row's name, company and notes must come through.
 */
function encodedCsv(name: string, encoding: string, ...rows: string[]): DialectCase {
  const visible = rows.flatMap((row) => {
    const [first, last, , company, notes] = row.split(',');
    return [`"first_name":"${first}"`, `"last_name":"${last}"`, company!, notes!];
  });
  return { name, kind: 'csv', file: inEncoding(crlf(HEADER, ...rows), encoding), visible };
}

export const ENCODING_CASES_THREE: DialectCase[] = [
  encodedCsv(
    'Windows-1254 without BOM (Outlook on a Turkish Windows): ş, ğ, ı and İ, not Latin-1',
    'windows-1254',
    "Şükrü,Yılmaz,sukru@example.com.tr,Doğan Holding,İstanbul'da tanıştık; çok güler yüzlü.",
    "Ayşe,Öztürk,ayse@example.com.tr,Koç Üniversitesi,Ağustosta İzmir'e taşındı.",
  ),
  encodedCsv(
    'Windows-1257 without BOM (Outlook on a Lithuanian or Latvian Windows)',
    'windows-1257',
    'Rūta,Kazlauskienė,ruta@example.lt,Žalgirio arena,Susitikome Vilniuje; labai malonus žmogus.',
    'Jānis,Bērziņš,janis@example.lv,Rīgas Satiksme,Satikāmies Rīgā; ļoti jauks cilvēks.',
  ),
  encodedCsv(
    'Windows-1253 without BOM (Outlook on a Greek Windows): Greek, not Cyrillic',
    'windows-1253',
    'Γιώργος,Παπαδόπουλος,giorgos@example.gr,Ελληνικά Πετρέλαια,Γνωριστήκαμε στη Θεσσαλονίκη.',
    'Νίκος,Αλεξίου,nikos@example.gr,Τράπεζα Πειραιώς,Μένει στην Αθήνα.',
  ),
  encodedCsv(
    'ISO-8859-7 without BOM (Greek from a Unix tool): "Ά" and "Έ" where Windows-1253 differs',
    'iso-8859-7',
    'Άννα,Οικονόμου,anna@example.gr,Όμιλος Άλφα,Έμενε στο Ηράκλειο.',
  ),
  encodedCsv(
    'KOI8-R without BOM (an old Russian mail client): not Windows-1251 with its cases swapped',
    'koi8-r',
    'Иван,Петров,ivan@example.ru,Газпром,Встретились в Москве на конференции.',
    'Ольга,Соколова,olga@example.ru,Яндекс,Любит шахматы и джаз.',
  ),
  encodedCsv(
    'KOI8-U without BOM (Ukrainian): і, ї and є come through',
    'koi8-u',
    'Олена,Шевченко,olena@example.ua,Київстар,Живе у Львові; їздить до Києва.',
  ),
  {
    name: 'EUC-JP without BOM (an old Japanese Unix address book)',
    kind: 'csv',
    file: inEncoding(
      crlf(
        '姓,名,電子メール アドレス,会社名,メモ',
        '山田,太郎,taro@example.jp,株式会社サンプル,東京の展示会で会った。',
        '佐藤,花子,hanako@example.jp,ソニー,メールはローマ字で。',
      ),
      'euc-jp',
    ),
    visible: ['"first_name":"太郎"', '"last_name":"山田"', '株式会社サンプル', '東京の展示会で会った。', '"first_name":"花子"', 'ソニー'],
    emails: ['taro@example.jp', 'hanako@example.jp'],
  },
  encodedCsv(
    'Windows-1250 without BOM (Romanian): "Ş" and "ş" are not read as the ordinals "ª" and "º"',
    'windows-1250',
    'Ştefan,Popescu,stefan@example.ro,Dacia,Locuieşte în Bucureşti.',
  ),
  encodedCsv(
    'ISO-8859-15 without BOM (French from a Unix tool): "Œ", "œ" and "€" where Latin-1 has symbols',
    'iso-8859-15',
    'Cœur,Lefèvre,coeur@example.fr,Œuvres & Fils,Offre à 15 € par mois.',
  ),
  {
    name: 'UTF-16BE CSV with a byte-order mark',
    kind: 'csv',
    file: utf16(crlf(HEADER, 'Björn,Åström,bjorn@example.se,Nordisk Design AB,Γεια σου; 日本語も話せる'), 'be', true),
    visible: ['"first_name":"Björn"', '"last_name":"Åström"', 'Γεια σου; 日本語も話せる'],
  },
  {
    name: 'UTF-16LE vCard with a byte-order mark',
    kind: 'vcard',
    file: utf16(vcard('VERSION:3.0', 'N:Åström;Björn;;;', 'ORG:Nordisk Design AB', 'NOTE:Γεια σου; 日本語も話せる'), 'le', true),
    visible: ['"first_name":"Björn"', '"last_name":"Åström"', 'Γεια σου; 日本語も話せる'],
  },
  {
    name: 'EUC-JP without BOM and without a single kana (kanji names only): Japanese, not Chinese',
    kind: 'csv',
    file: inEncoding(crlf(HEADER, '雅彦,荒木,masahiko@example.jp,宮崎製菓,', '誠,小川,makoto@example.jp,富士通,北海道出身'), 'euc-jp'),
    visible: ['"first_name":"雅彦"', '"last_name":"荒木"', '宮崎製菓', '"first_name":"誠"', '富士通', '北海道出身'],
  },
  {
    name: 'Greek and KOI8-R vCards without CHARSET',
    kind: 'vcard',
    file: Uint8Array.from([
      ...inEncoding(vcard('VERSION:2.1', 'N:Παπαδόπουλος;Γιώργος', 'ORG:Ελληνικά Πετρέλαια', 'NOTE:Μένει στην Αθήνα.'), 'windows-1253'),
      ...inEncoding(vcard('VERSION:2.1', 'N:Петров;Иван', 'ORG:Газпром', 'NOTE:Встретились в Москве.'), 'koi8-r'),
    ]),
    visible: ['Γιώργος', 'Παπαδόπουλος', 'Ελληνικά Πετρέλαια', 'Μένει στην Αθήνα.', 'Иван', 'Петров', 'Газпром', 'Встретились в Москве.'],
  },
];

// Cases from the public test suites of vCard readers (vCard 2.1's own examples among them) that
// lost data: the card holding a 2.1 AGENT, lines written without the fold's space, other
// address books' anniversaries.
export const VCARD_QUIRK_CASES: DialectCase[] = [
  {
    name: 'vCard 2.1 AGENT holding a whole card: the outer card and what follows the agent are kept',
    kind: 'vcard',
    file: vcard(
      'VERSION:2.1',
      'N:Smith;John',
      'TEL;WORK:+1 555 0100',
      'AGENT:',
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N:Friday;Fred',
      'TEL;WORK:+1 555 0101',
      'END:VCARD',
      'EMAIL;INTERNET:john@example.com',
      'NOTE:Call Fred first.',
      'END:VCARD',
    ),
    visible: ['John Smith', 'Call Fred first.', 'Agent: Fred Friday, +1 555 0101'],
    phones: ['+1 555 0100'],
    emails: ['john@example.com'],
  },
  {
    name: "A NOTE written over several lines without the fold's space, and a stray line without a colon",
    kind: 'vcard',
    file: vcard('VERSION:3.0', 'N:Hopper;Grace;;;', 'NOTE:Met at the Navy yard.', 'Prefers email to phone.', 'TEL:+1 555 0200'),
    visible: ['Met at the Navy yard.\\nPrefers email to phone.'],
    phones: ['+1 555 0200'],
  },
  {
    name: "Evolution's X-EVOLUTION-ANNIVERSARY and KDE's X-KADDRESSBOOK-X-Anniversary are anniversaries",
    kind: 'vcard',
    file: vcard('VERSION:3.0', 'N:Turing;Alan;;;', 'X-EVOLUTION-ANNIVERSARY:2010-06-12', 'X-KADDRESSBOOK-X-Anniversary:2011-07-13'),
    visible: [
      '{"kind":"anniversary","label":null,"month":6,"day":12,"year":2010}',
      '{"kind":"anniversary","label":null,"month":7,"day":13,"year":2011}',
    ],
  },
  {
    name: 'A BDAY and an ANNIVERSARY written without leading zeros ("1920-7-25")',
    kind: 'vcard',
    file: vcard('VERSION:3.0', 'N:Franklin;Rosalind;;;', 'BDAY:1920-7-25', 'X-ANNIVERSARY:1950-1-5'),
    visible: [
      '{"kind":"birthday","label":null,"month":7,"day":25,"year":1920}',
      '{"kind":"anniversary","label":null,"month":1,"day":5,"year":1950}',
    ],
  },
  {
    name: 'vCard 2.1 base64 PHOTO written on unindented lines up to a blank line',
    kind: 'vcard',
    file: vcard(
      'VERSION:2.1',
      'N:Kay;Alan',
      'PHOTO;ENCODING=BASE64;TYPE=GIF:',
      'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAA',
      'LAAAAAABAAEAAAIBRAA7',
      '',
      'TEL:+1 555 0300',
    ),
    visible: ['"avatar_url":"/api/v1/contact-photos/'],
    phones: ['+1 555 0300'],
  },
  {
    name: 'vCard 2.1 QUOTED-PRINTABLE soft line break with spaces after its "="',
    kind: 'vcard',
    file: vcard(
      'VERSION:2.1',
      'N:Curie;Marie',
      'NOTE;ENCODING=QUOTED-PRINTABLE:The only person to win Nobel Prizes in two sciences: physics and = ',
      'chemistry.',
    ),
    visible: ['The only person to win Nobel Prizes in two sciences: physics and chemistry.'],
  },
  {
    name: "Evolution's TEL;TYPE=X-EVOLUTION-CALLBACK, -TTYTDD, -TELEX, -COMPANY and Android's TEL;TLX, TTY-TDD, COMPANY-MAIN",
    kind: 'vcard',
    file:
      vcard(
        'VERSION:3.0',
        'N:Noether;Emmy;;;',
        'TEL;TYPE=X-EVOLUTION-CALLBACK:+49 551 555 0100',
        'TEL;TYPE=X-EVOLUTION-TTYTDD:+49 551 555 0101',
        'TEL;TYPE=X-EVOLUTION-TELEX:+49 551 555 0102',
        'TEL;TYPE=X-EVOLUTION-COMPANY:+49 551 555 0103',
      ) +
      vcard(
        'VERSION:2.1',
        'N:Meitner;Lise',
        'TEL;TLX:+43 1 555 0100',
        'TEL;TTY-TDD:+43 1 555 0101',
        'TEL;COMPANY-MAIN:+43 1 555 0102',
        'TEL;CALLBACK:+43 1 555 0103',
        'TEL;X-Grandma:+43 1 555 0106',
      ),
    visible: [
      'Callback: +49 551 555 0100',
      'TTY/TDD: +49 551 555 0101',
      'Telex: +49 551 555 0102',
      'Company: +49 551 555 0103',
      'Telex: +43 1 555 0100',
      'TTY/TDD: +43 1 555 0101',
      'Company main: +43 1 555 0102',
      'Callback: +43 1 555 0103',
      'Grandma: +43 1 555 0106',
    ],
  },
  {
    name: "Apple's X-SOCIALPROFILE for Facebook, Instagram and Flickr (a URL, an x-apple: value, a user name only)",
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Lovelace;Ada;;;',
      'X-SOCIALPROFILE;type=facebook;x-user=ada.lovelace:http://www.facebook.com/ada.lovelace',
      'X-SOCIALPROFILE;type=instagram;x-user=adal:x-apple:adal',
      'X-SOCIALPROFILE;type=flickr;x-user=ada1815:',
      'X-SOCIALPROFILE;type=linkedin:https://www.linkedin.com/in/ada',
    ),
    visible: [
      'Profiles:\\nFacebook: http://www.facebook.com/ada.lovelace\\nInstagram: adal\\nFlickr: ada1815',
      'https://www.linkedin.com/in/ada',
    ],
  },
  {
    name: 'A quote never closed in the last row of a CSV: the cell runs to the end of the file, nothing else is lost',
    kind: 'csv',
    file: crlf('First Name,Last Name,Notes', 'Ada,Lovelace,Analyst', 'Alan,Turing,"Bletchley Park'),
    visible: ['"full_name":"Ada Lovelace"', '"full_name":"Alan Turing"', 'Bletchley Park'],
  },
];
