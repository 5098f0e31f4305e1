import { normalizeEmail, normalizePhone } from '../contacts/normalize';

// The label an address book gives a phone or an email ("Mobile", "Work fax", Apple's custom
// "Grandma's"): Kith's phones and emails have no label of their own, so an import keeps it in
// the notes as "Phones:" and "Emails:" lines beside the contact's addresses (ADR 072), and the
// exports carry it back with the notes.

// vCard TYPE words (2.1's bare parameters too) and Apple's X-ABLabel names, as a person says them.
const WORDS: Record<string, string> = {
  cell: 'mobile',
  mobile: 'mobile',
  cellular: 'mobile',
  home: 'home',
  work: 'work',
  fax: 'fax',
  pager: 'pager',
  main: 'main',
  iphone: 'iPhone',
  car: 'car',
  video: 'video',
  textphone: 'textphone',
  isdn: 'ISDN',
  bbs: 'BBS',
  modem: 'modem',
  msg: 'message',
  other: 'other',
  homefax: 'home fax',
  workfax: 'work fax',
  otherfax: 'other fax',
  school: 'school',
  'main-number': 'main',
  assistant: 'assistant',
  callback: 'callback',
  company: 'company',
  radio: 'radio',
  // Android's and Evolution's words for Outlook's numbers (TLX is telex, TTY-TDD a text telephone).
  tlx: 'telex',
  telex: 'telex',
  'tty-tdd': 'TTY/TDD',
  ttytdd: 'TTY/TDD',
  'company-main': 'company main',
};

// Words that say nothing to a person: the kind of value, not which one it is ("text": takes SMS).
const SILENT = new Set(['voice', 'text', 'pref', 'internet', 'x400', 'smtp', 'ex', 'x-internet', 'aol', 'applelink', 'ibmmail']);

const capitalized = (s: string) => (s.startsWith('iPhone') ? s : s.charAt(0).toUpperCase() + s.slice(1));

/**
 * "Home fax" from TYPE=HOME,FAX; "Mobile" from CELL or Apple's "_$!<Mobile>!$_" (its marks taken
 * off); a custom label as written; null when the words say nothing.
 */
export function labelOfTypes(types: string[]): string | null {
  const words: string[] = [];
  for (const raw of types) {
    const t = raw.trim().toLowerCase();
    if (!t || SILENT.has(t)) continue;
    // Evolution writes TYPE=X-EVOLUTION-CALLBACK.
    const word = WORDS[t] ?? WORDS[t.replace(/^x-(evolution-)?/, '')] ?? raw.trim().replace(/^x-(evolution-)?/i, '');
    if (!words.includes(word)) words.push(word);
  }
  // Where before what: "home fax", "work mobile".
  words.sort((a, b) => Number(!['home', 'work', 'other'].includes(a)) - Number(!['home', 'work', 'other'].includes(b)));
  return words.length ? capitalized(words.join(' ')) : null;
}

// The words of a column's name that say which kind of value it holds (in the languages whose
// headers are read, header-spellings-localized.ts), not which one: what is left is its label.
const KIND_WORDS = new Set(
  (
    'e mail email emails mail mailadres mailadresse emailadres emailadresse phone phones telephone telephones tel number numbers no nr address addresses value values ' +
    'telefon telefone telefono telephone telefoon telefoonnummer telefonnummer nummer numero adresse adres direccion endereco ' +
    'indirizzo courriel messagerie electronique correo electronico posta elettronica de del di da do der la le ' +
    'телефон телефона номер почта адрес электронная электронной эл adresa cim mailova emailova elektronicka ' +
    '電子メール メール アドレス 電子メールアドレス メールアドレス 電話 电子邮件 电子邮件地址 電子郵件 電子郵件地址 邮箱 地址 电话 ' +
    '전자 메일 주소 전자메일 전화'
  ).split(' '),
);

/**
 * A CSV column's own label: "Mobile Phone" -> "Mobile", Yahoo's bare "Work" -> "Work", "Home
 * Phone 2" -> "Home", "Telefon geschäftlich" -> "Geschäftlich"; null for a column named only by
 * its kind ("Phone", "E-mail 2 Address", "E-Mail-Adresse", "Primary Email").
 */
export function labelOfHeader(header: string): string | null {
  const words = header.split(/[^\p{L}\p{N}'’/]+/u).filter((w) => {
    const plain = w.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    return plain && !KIND_WORDS.has(plain) && !/^\d+$/.test(plain);
  });
  // "Assistant's Phone" -> "Assistant".
  const rest = words.join(' ').replace(/['’]s$/i, '');
  if (!rest || /^(primary|secondary|alternate|default)$/i.test(rest)) return null;
  return labelOfTypes([rest]);
}

export interface LabelledValue {
  value: string;
  label: string | null;
}

/**
 * "Phones:" and "Emails:" blocks for the notes, listing the values that have a label and that
 * `notes` (the file's own, Kith's export among them) does not label already.
 */
export function labelBlocks(phones: LabelledValue[], emails: LabelledValue[], notes = ''): string[] {
  const block = (title: 'Phones' | 'Emails', list: LabelledValue[], key: (v: string) => string) => {
    const seen = new Set(labelsInNotes(notes, title).map((v) => key(v.value)));
    const lines = list
      .filter((v) => v.label && v.value && !seen.has(key(v.value)) && seen.add(key(v.value)))
      .map((v) => `${v.label}: ${v.value}`);
    return lines.length ? [[`${title}:`, ...lines].join('\n')] : [];
  };
  return [...block('Phones', phones, (v) => normalizePhone(v) || v.toLowerCase()), ...block('Emails', emails, normalizeEmail)];
}

/** The labelled values of a "Phones:" or "Emails:" block in the notes ("Home fax: +1 555 0102"). */
export function labelsInNotes(notes: string | null | undefined, block: 'Phones' | 'Emails'): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  let inside = false;
  for (const line of (notes ?? '').split(/\r?\n/)) {
    if (line.trim() === `${block}:`) inside = true;
    else if (!line.trim() || /^\S[^:]*:$/.test(line.trim())) inside = false;
    else if (inside) {
      const at = line.lastIndexOf(': ');
      if (at > 0) out.push({ label: line.slice(0, at).trim(), value: line.slice(at + 2).trim() });
    }
  }
  return out;
}
