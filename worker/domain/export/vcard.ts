import type { ContactView } from '../contacts/contact-view';
import type { VcardExtras } from './vcard-extras';
import { escapeVcardText as text, foldVcardLine, vcardParam } from './vcard-text';

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

/** One contact as a vCard 4.0 card (CRLF line endings, lines folded at 75 octets). */
export function contactToVcard(c: ContactView, extras?: VcardExtras): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0'];
  const fn = c.full_name || c.emails[0] || c.phones[0] || 'Unnamed';
  lines.push(`FN:${text(fn)}`);
  lines.push(`N:${text(c.last_name ?? '')};${text(c.first_name ?? '')};;;`);
  c.emails.forEach((e, i) => lines.push(`EMAIL${i === 0 ? ';PREF=1' : ''}:${text(e)}`));
  // TEL as free-form text (RFC 6350 §6.4.1 allows it): the number as the user wrote it.
  c.phones.forEach((p, i) => lines.push(`TEL${i === 0 ? ';PREF=1' : ''}:${text(p)}`));
  if (c.company) lines.push(`ORG:${text(c.company.name)}`);
  if (c.title) lines.push(`TITLE:${text(c.title)}`);
  // The location is one free-text place, not a structured address: it travels as the label.
  if (c.location) lines.push(`ADR;LABEL=${vcardParam(c.location)}:;;;;;;`);
  if (c.latitude !== null && c.longitude !== null) lines.push(`GEO:geo:${c.latitude},${c.longitude}`);
  if (c.tags.length) lines.push(`CATEGORIES:${c.tags.map(text).join(',')}`);
  if (c.notes) lines.push(`NOTE:${text(c.notes)}`);
  if (c.linkedin_url) lines.push(`URL;TYPE=linkedin:${uri(linkedinUrl(c.linkedin_url))}`);
  if (c.twitter_handle) lines.push(`X-SOCIALPROFILE;TYPE=twitter:${uri(`https://x.com/${c.twitter_handle}`)}`);
  if (c.telegram_username) lines.push(`X-SOCIALPROFILE;TYPE=telegram:${uri(`https://t.me/${c.telegram_username}`)}`);
  let item = 0;
  for (const d of extras?.dates ?? []) {
    if (d.kind === 'birthday') lines.push(`BDAY:${cardDate(d)}`);
    else if (d.kind === 'anniversary') lines.push(`ANNIVERSARY:${cardDate(d)}`);
    // Custom dates as Apple writes them: a grouped X-ABDATE with its X-ABLabel.
    else lines.push(`item${++item}.X-ABDATE:${cardDate(d)}`, `item${item}.X-ABLabel:${text(d.label ?? 'Date')}`);
  }
  // Priority has no vCard property; an extension keeps it for a re-import into Kith.
  lines.push(`X-KITH-PRIORITY:${text(c.priority)}`);
  if (extras?.photoDataUri) lines.push(`PHOTO:${uri(extras.photoDataUri)}`);
  else if (c.avatar_url && /^https?:/i.test(c.avatar_url)) lines.push(`PHOTO:${uri(c.avatar_url)}`);
  lines.push(`UID:urn:uuid:${c.id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`);
  lines.push(`REV:${c.updated_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
  lines.push('END:VCARD');
  return lines.map(foldVcardLine).join('\r\n') + '\r\n';
}
