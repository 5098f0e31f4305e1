import type { ContactView } from '../contacts/contact-view';
import type { VcardExtras } from './vcard-extras';

// vCard 4.0 (RFC 6350): text values escape backslash, comma, semicolon and newlines;
// lines longer than 75 octets are folded with CRLF + space.
export function escapeVcardText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');
}

function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const len = new TextEncoder().encode(ch).length;
    if (size + len > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += len;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** RFC 6350 date, with "--MMDD" when the year is unknown. */
const cardDate = (d: VcardExtras['dates'][number]) => `${d.year ? String(d.year) : '--'}${pad(d.month)}${pad(d.day)}`;

/** One contact as a vCard 4.0 card (CRLF line endings). */
export function contactToVcard(c: ContactView, extras?: VcardExtras): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0'];
  const fn = c.full_name || c.emails[0] || c.phones[0] || 'Unnamed';
  lines.push(`FN:${escapeVcardText(fn)}`);
  lines.push(`N:${escapeVcardText(c.last_name ?? '')};${escapeVcardText(c.first_name ?? '')};;;`);
  c.emails.forEach((e, i) => lines.push(`EMAIL${i === 0 ? ';PREF=1' : ''}:${escapeVcardText(e)}`));
  c.phones.forEach((p, i) => lines.push(`TEL;VALUE=uri${i === 0 ? ';PREF=1' : ''}:tel:${p.replace(/[^\d+]/g, '')}`));
  if (c.company) lines.push(`ORG:${escapeVcardText(c.company.name)}`);
  if (c.title) lines.push(`TITLE:${escapeVcardText(c.title)}`);
  if (c.location) lines.push(`ADR;LABEL="${c.location.replace(/"/g, "'")}":;;;;;;`);
  if (c.latitude !== null && c.longitude !== null) lines.push(`GEO:geo:${c.latitude},${c.longitude}`);
  if (c.tags.length) lines.push(`CATEGORIES:${c.tags.map(escapeVcardText).join(',')}`);
  if (c.notes) lines.push(`NOTE:${escapeVcardText(c.notes)}`);
  if (c.linkedin_url) lines.push(`URL;TYPE=linkedin:${c.linkedin_url}`);
  if (c.twitter_handle) lines.push(`X-SOCIALPROFILE;TYPE=twitter:https://x.com/${c.twitter_handle}`);
  if (c.telegram_username) lines.push(`X-SOCIALPROFILE;TYPE=telegram:https://t.me/${c.telegram_username}`);
  let item = 0;
  for (const d of extras?.dates ?? []) {
    if (d.kind === 'birthday') lines.push(`BDAY:${cardDate(d)}`);
    else if (d.kind === 'anniversary') lines.push(`ANNIVERSARY:${cardDate(d)}`);
    // Custom dates as Apple writes them: a grouped X-ABDATE with its X-ABLabel.
    else lines.push(`item${++item}.X-ABDATE:${cardDate(d)}`, `item${item}.X-ABLabel:${escapeVcardText(d.label ?? 'Date')}`);
  }
  // Priority has no vCard property; an extension keeps it for a re-import into Kith.
  lines.push(`X-KITH-PRIORITY:${c.priority}`);
  if (extras?.photoDataUri) lines.push(`PHOTO:${extras.photoDataUri}`);
  else if (c.avatar_url && /^https?:/i.test(c.avatar_url)) lines.push(`PHOTO:${c.avatar_url}`);
  lines.push(`UID:urn:uuid:${c.id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`);
  lines.push(`REV:${c.updated_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
  lines.push('END:VCARD');
  return lines.map(fold).join('\r\n') + '\r\n';
}
