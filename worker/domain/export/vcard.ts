import type { ContactView } from '../contacts/contact-view';
import type { VcardExtras } from './vcard-extras';
import { escapeVcardText as text, foldVcardLine, vcardParam } from './vcard-text';
import { relatedLines } from '../relationships/vcard-related';
import { labelledLines } from './vcard-labels';

export { escapeVcardText } from './vcard-text';

/**
 * A URI value (PHOTO, URL, X-SOCIALPROFILE) is not TEXT: no backslash escapes (readers take
 * `data:image/png;base64,…` literally), so what a URI cannot hold is percent-encoded instead:
 * controls and line breaks, spaces, backslash and double quote.
 */
const uri = (value: string) =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  value.replace(/[\u0000-\u0020\u007F\\"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** A bare LinkedIn slug is written as the profile URL other address books recognise. */
const linkedinUrl = (value: string) => (/linkedin\.com\//i.test(value) ? value : `https://www.linkedin.com/in/${value}`);

const pad = (n: number) => String(n).padStart(2, '0');
/** RFC 6350 date, with "--MMDD" when the year is unknown. */
const cardDate = (d: VcardExtras['dates'][number]) => `${d.year ? String(d.year) : '--'}${pad(d.month)}${pad(d.day)}`;

/** What differs between the export's card and the phone's (ADR 028). */
export interface VcardOptions {
  /** 4.0 (the export's, and DAV when asked) or 3.0 (what CardDAV clients read by default). */
  version?: '3.0' | '4.0';
  /** The UID a phone gave the card it created (default: Kith's id as a urn:uuid). */
  uid?: string;
  /** Content lines kept verbatim from a phone's card (properties Kith does not model), written before END. */
  keptLines?: string[];
  /** Leave out REV: DAV cards change exactly when the change log says, and updated_at moves without it. */
  noRev?: boolean;
  /** Write X-KITH-ID too, so a card re-read anywhere names its contact. */
  kithId?: boolean;
  /** A phone's own lines for values Kith models, written in place of Kith's line for that value. */
  standIns?: StandInLines;
}

/** Whole content lines (a property and its group's X-ABLabel) standing in for one of Kith's values. */
export interface StandInLines {
  /** By position in the contact's emails; none: Kith's own line. */
  emails?: (string[] | undefined)[];
  phones?: (string[] | undefined)[];
  org?: string[];
  adr?: string[];
  birthday?: string[];
  /** By position in the contact's related names. */
  related?: (string[] | undefined)[];
}

const kithUid = (id: string) => `urn:uuid:${id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`;

/** A stored photo's data: URI as vCard 3.0 writes it: base64 in the value, its type a parameter. */
function photoLine(source: string, v3: boolean): string {
  if (!v3) return `PHOTO:${uri(source)}`;
  const inline = source.match(/^data:image\/([\w+.-]+);base64,(.*)$/s);
  if (inline) return `PHOTO;ENCODING=b;TYPE=${inline[1]!.toUpperCase()}:${inline[2]}`;
  return `PHOTO;VALUE=uri:${uri(source)}`;
}

/** One contact as a vCard card (4.0 unless asked for 3.0; CRLF line endings, lines folded at 75 octets). */
export function contactToVcard(c: ContactView, extras?: VcardExtras, options: VcardOptions = {}): string {
  const v3 = options.version === '3.0';
  const lines = ['BEGIN:VCARD', `VERSION:${v3 ? '3.0' : '4.0'}`];
  const stand = options.standIns ?? {};
  const fn = c.full_name || c.emails[0] || c.phones[0] || 'Unnamed';
  lines.push(`FN:${text(fn)}`);
  lines.push(`N:${text(c.last_name ?? '')};${text(c.first_name ?? '')};;;`);
  // Apple's item groups Kith writes skip the ones a phone's lines use.
  const standInLines = [
    ...(stand.related ?? []),
    ...(stand.emails ?? []),
    ...(stand.phones ?? []),
    stand.org,
    stand.adr,
    stand.birthday,
  ].flatMap((l) => l ?? []);
  const taken = new Set([...standInLines, ...(options.keptLines ?? [])].map((l) => /^([\w-]+)\./.exec(l)?.[1]?.toLowerCase()));
  let item = 0;
  const nextItem = () => {
    do item++;
    while (taken.has(`item${item}`));
    return item;
  };
  // The labels an import kept in the notes go back as TYPE words or X-ABLabel (ADR 075).
  const email = labelledLines('EMAIL', c.notes, v3, nextItem);
  c.emails.forEach((e, i) => lines.push(...(stand.emails?.[i] ?? email(e, i === 0))));
  // TEL as free-form text (RFC 6350 §6.4.1 allows it): the number as the user wrote it.
  const tel = labelledLines('TEL', c.notes, v3, nextItem);
  c.phones.forEach((p, i) => lines.push(...(stand.phones?.[i] ?? tel(p, i === 0))));
  if (c.company) lines.push(...(stand.org ?? [`ORG:${text(c.company.name)}`]));
  if (c.title) lines.push(`TITLE:${text(c.title)}`);
  // The location is one free-text place, not a structured address: it travels as the label
  // (4.0), or as the locality of vCard 3.0, which has no LABEL parameter.
  if (c.location && stand.adr) lines.push(...stand.adr);
  else if (c.location) lines.push(v3 ? `ADR:;;;${text(c.location)};;;` : `ADR;LABEL=${vcardParam(c.location)}:;;;;;;`);
  if (c.latitude !== null && c.longitude !== null)
    lines.push(v3 ? `GEO:${c.latitude};${c.longitude}` : `GEO:geo:${c.latitude},${c.longitude}`);
  if (c.tags.length) lines.push(`CATEGORIES:${c.tags.map(text).join(',')}`);
  if (c.notes) lines.push(`NOTE:${text(c.notes)}`);
  if (c.linkedin_url) lines.push(`URL;TYPE=linkedin:${uri(linkedinUrl(c.linkedin_url))}`);
  if (c.twitter_handle) lines.push(`X-SOCIALPROFILE;TYPE=twitter:${uri(`https://x.com/${c.twitter_handle}`)}`);
  if (c.telegram_username) lines.push(`X-SOCIALPROFILE;TYPE=telegram:${uri(`https://t.me/${c.telegram_username}`)}`);
  for (const d of extras?.dates ?? []) {
    if (d.kind === 'birthday') lines.push(...(stand.birthday ?? [v3 ? appleDate('BDAY', d) : `BDAY:${cardDate(d)}`]));
    // vCard 3.0 has no ANNIVERSARY: Apple's labelled date, which Kith's reader takes back as one.
    else if (d.kind === 'anniversary' && v3)
      lines.push(`item${nextItem()}.${appleDate('X-ABDATE', d)}`, `item${item}.X-ABLabel:_$!<Anniversary>!$_`);
    else if (d.kind === 'anniversary') lines.push(`ANNIVERSARY:${cardDate(d)}`);
    // Custom dates as Apple writes them: a grouped X-ABDATE with its X-ABLabel.
    else
      lines.push(
        `item${nextItem()}.${v3 ? appleDate('X-ABDATE', d) : `X-ABDATE:${cardDate(d)}`}`,
        `item${item}.X-ABLabel:${text(d.label ?? 'Date')}`,
      );
  }
  (extras?.related ?? []).forEach((r, i) => lines.push(...(stand.related?.[i] ?? relatedLines(r, v3, nextItem))));
  // Priority has no vCard property; an extension keeps it for a re-import into Kith.
  lines.push(`X-KITH-PRIORITY:${text(c.priority)}`);
  if (options.kithId) lines.push(`X-KITH-ID:${text(c.id)}`);
  if (extras?.photoDataUri) lines.push(photoLine(extras.photoDataUri, v3));
  else if (c.avatar_url && /^https?:/i.test(c.avatar_url)) lines.push(photoLine(c.avatar_url, v3));
  lines.push(`UID:${options.uid ? text(options.uid) : kithUid(c.id)}`);
  if (!options.noRev) lines.push(`REV:${c.updated_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
  const out = lines.map(foldVcardLine);
  // Kept lines are whole content lines of a phone's card, as it wrote them (unfolded).
  out.push(...(options.keptLines ?? []).map(foldVcardLine));
  out.push('END:VCARD');
  return out.join('\r\n') + '\r\n';
}

/** A vCard 3.0 date as Apple writes one: a year it does not know is 1604, marked X-APPLE-OMIT-YEAR. */
function appleDate(name: string, d: VcardExtras['dates'][number]): string {
  const md = `${pad(d.month)}-${pad(d.day)}`;
  return d.year ? `${name}:${d.year}-${md}` : `${name};X-APPLE-OMIT-YEAR=1604:1604-${md}`;
}
