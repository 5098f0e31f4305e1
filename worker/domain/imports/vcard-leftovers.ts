import { cardFromText, splitValue, unescapeText, type VcardProperty } from './vcard-file';

// What a card holds that no Kith field takes: a file import keeps it in the contact's notes as
// "Label: value" lines, the way a CSV column without a field is kept ("Nickname: Ingi"). Only a
// file import does this: a phone's card (CardDAV) keeps such lines verbatim instead (ADR 028).

/** Properties a field of Kith takes (cardToRecord), or that say nothing a person would read. */
const TAKEN = new Set([
  'N',
  'FN',
  'EMAIL',
  'TEL',
  'NOTE',
  'ADR',
  'URL',
  'X-SOCIALPROFILE',
  'X-TWITTER',
  'CATEGORIES',
  'X-KITH-PRIORITY',
  'PHOTO',
  'RELATED',
  'X-ABRELATEDNAMES',
  'X-ABLABEL',
]);
const TECHNICAL = new Set([
  'VERSION',
  'PRODID',
  'UID',
  'REV',
  'KIND',
  'SOURCE',
  'NAME',
  'PROFILE',
  'CLASS',
  'MAILER',
  'CLIENTPIDMAP',
  'SORT-STRING',
  'LOGO',
  'SOUND',
  'KEY',
  'FBURL',
  'CALURI',
  'CALADRURI',
  'XML',
  // Coordinates are for maps, not for reading; Kith's own export writes the location's.
  'GEO',
  'X-ABUID',
  'X-ABSHOWAS',
  'X-ABADR',
  'X-ABPERSONFLAGS',
  'X-IMAGETYPE',
  'X-IMAGEHASH',
  'X-SHARED-PHOTO-DISPLAY-PREF',
  'X-ADDRESSING-GRAMMAR',
  'X-MS-OL-DEFAULT-POSTAL-ADDRESS',
  'X-MS-OL-DESIGN',
  'X-MS-CARDPICTURE',
  'X-MOZILLA-HTML',
  'X-MOZILLA-PROPERTY',
  'X-EVOLUTION-FILE-AS',
  'X-EVOLUTION-BLOG-URL',
  'X-EVOLUTION-LIST',
  'X-EVOLUTION-LIST-SHOW_ADDRESSES',
  'X-WAB-GENDER',
]);

const LABELS: Record<string, string> = {
  NICKNAME: 'Nickname',
  ROLE: 'Role',
  GENDER: 'Gender',
  IMPP: 'Instant messaging',
  LABEL: 'Address',
  TZ: 'Time zone',
  LANG: 'Language',
  EXPERTISE: 'Expertise',
  HOBBY: 'Hobby',
  INTEREST: 'Interest',
  'ORG-DIRECTORY': 'Directory',
  'X-AIM': 'AIM',
  'X-ICQ': 'ICQ',
  'X-JABBER': 'Jabber',
  'X-MSN': 'MSN',
  'X-YAHOO': 'Yahoo',
  'X-SKYPE': 'Skype',
  'X-SKYPE-USERNAME': 'Skype',
  'X-GOOGLE-TALK': 'Google Talk',
  'X-GTALK': 'Google Talk',
  'X-QQ': 'QQ',
  'X-GADUGADU': 'Gadu-Gadu',
  'X-MS-IMADDRESS': 'Instant messaging',
  'X-MAIDENNAME': 'Maiden name',
  'X-PHONETIC-FIRST-NAME': 'Phonetic first name',
  'X-PHONETIC-MIDDLE-NAME': 'Phonetic middle name',
  'X-PHONETIC-LAST-NAME': 'Phonetic last name',
  'X-PHONETIC-ORG': 'Phonetic company',
  'X-ASSISTANT': 'Assistant',
  'X-MS-ASSISTANT': 'Assistant',
  'X-EVOLUTION-ASSISTANT': 'Assistant',
  'X-MANAGER': 'Manager',
  'X-MS-MANAGER': 'Manager',
  'X-EVOLUTION-MANAGER': 'Manager',
  'X-SPOUSE': 'Spouse',
  'X-MS-SPOUSE': 'Spouse',
  'X-EVOLUTION-SPOUSE': 'Spouse',
  'X-MS-CHILD': 'Child',
  ORG: 'Company',
  TITLE: 'Title',
  BDAY: 'Birthday',
  ANNIVERSARY: 'Anniversary',
  'X-ANNIVERSARY': 'Anniversary',
  'X-MS-ANNIVERSARY': 'Anniversary',
  'X-EVOLUTION-ANNIVERSARY': 'Anniversary',
  'X-ABDATE': 'Date',
};

/** "X-CUSTOM-FIELD" -> "Custom field". */
const labelOfName = (name: string) => {
  const words = name.replace(/^X-/, '').replace(/[-_]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const oneLine = (v: string) => v.replace(/\s*[\r\n]+\s*/g, ' ').trim();
/** A structured value's parts (ADR, GENDER, X-ANDROID-CUSTOM...) that hold something, on one line. */
const partsOf = (value: string) => splitValue(value, ';').map(oneLine).filter(Boolean).join(', ');
const isBinary = (p: VcardProperty) => /^(b|base64)$/i.test(p.params.ENCODING?.[0] ?? '') || /^data:/i.test(p.value.trim());

/** The parts of N and ORG beyond the first and last name and the company: "Middle name: Augusta". */
function nameAndOrgParts(props: VcardProperty[], used: Set<VcardProperty>): string[] {
  const lines: string[] = [];
  const n = props.find((p) => p.name === 'N');
  if (n) {
    const [, , middle, prefix, suffix] = splitValue(n.value, ';').map(oneLine);
    if (prefix) lines.push(`Name prefix: ${prefix}`);
    if (middle) lines.push(`Middle name: ${middle}`);
    if (suffix) lines.push(`Name suffix: ${suffix}`);
  }
  const org = props.find((p) => p.name === 'ORG' && used.has(p));
  const units = org ? splitValue(org.value, ';').slice(1).map(oneLine).filter(Boolean) : [];
  if (units.length) lines.push(`Department: ${units.join(', ')}`);
  return lines;
}

/** Android's X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Ada;1;... -> "Nickname: Ada". */
function androidCustom(value: string): string | null {
  const [kind = '', ...rest] = splitValue(value, ';').map(oneLine);
  const what = kind.replace(/^vnd\.android\.cursor\.item\//, '').replace(/[_-]+/g, ' ');
  const data = rest.filter((v) => v && !/^\d+$/.test(v));
  return data.length ? `${what.charAt(0).toUpperCase()}${what.slice(1) || 'Android'}: ${data.join(', ')}` : null;
}

/** An AGENT's card (who acts for the person) as "Jane Doe, +1 555 0100, jane@example.com"; other values as written. */
function agentOf(value: string): string {
  const text = unescapeText(value).trim();
  if (!/^BEGIN:VCARD/i.test(text)) return oneLine(text);
  const props = cardFromText(0, text).properties;
  const one = (name: string) => props.filter((p) => p.name === name).map((p) => oneLine(unescapeText(p.value)));
  const [family = '', given = ''] = props.some((p) => p.name === 'N') ? splitValue(props.find((p) => p.name === 'N')!.value, ';') : [];
  const name = one('FN')[0] || [given, family].map(oneLine).filter(Boolean).join(' ');
  return [name, ...one('TEL'), ...one('EMAIL'), ...one('ORG').map((o) => o.replace(/;+$/, ''))].filter(Boolean).join(', ');
}

/**
 * Note lines for what a card holds beyond Kith's fields, in the card's order. `used`: the ORG,
 * TITLE and date properties a field took; any other (a second ORG, a BDAY "circa 1800") is kept.
 */
export function cardLeftovers(props: VcardProperty[], used: Set<VcardProperty>): string[] {
  const lines = nameAndOrgParts(props, used);
  const hasAdr = props.some((p) => p.name === 'ADR');
  const seen = new Set(lines);
  for (const p of props) {
    if (TAKEN.has(p.name) || TECHNICAL.has(p.name) || used.has(p) || isBinary(p)) continue;
    if (p.name === 'LABEL' && hasAdr) continue; // vCard 2.1's printed address beside its ADR
    // Apple's, Outlook's and Proton's settings for the card itself (X-ABShowAs, X-MS-OL-DESIGN, X-PM-ENCRYPT...).
    if (/^X-(APPLE-|AB(?!DATE|RELATEDNAMES)|MS-OL-|EVOLUTION-UI|KITH-|PM-|ACTIVITY-ALERT)/.test(p.name)) continue;
    let line: string | null;
    if (p.name === 'X-ANDROID-CUSTOM') line = androidCustom(p.value);
    else if (p.name === 'AGENT') line = `Agent: ${agentOf(p.value)}`;
    else {
      const value = ['GENDER', 'LABEL', 'ORG'].includes(p.name) ? partsOf(p.value) : oneLine(unescapeText(p.value));
      // Apple's IMPP;X-SERVICE-TYPE=Skype:skype:ada -> "Instant messaging (Skype): skype:ada".
      const service = p.name === 'IMPP' ? (p.params['X-SERVICE-TYPE']?.[0] ?? value.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]) : undefined;
      const label = LABELS[p.name] ?? labelOfName(p.name);
      line = value ? `${label}${service ? ` (${service})` : ''}: ${value}` : null;
    }
    // However long (ADR 078): the notes' own limit is the one cut, and the import's report says so.
    if (line && !seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}
