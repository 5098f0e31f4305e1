import type { ColumnMapping } from './column-mapping';
import { restoreCsvValue } from './csv-cells';
import { addressPart, squash, type AddressPart } from './header-spellings';
import { parseConnectedOn } from './imported-dates';
import { qualifierOf } from './csv-row-labels';
import { classifyUrl, type ImportedDate } from './vcard-to-record';

/** What a row's address, website, birth-part, labelled-note, last-contact and reminder columns hold. */
export interface RowExtras {
  /** City, region, country of the first address: the contact's location when no column is mapped to it. */
  location?: string;
  /** For the notes, in order: labelled values, then "Addresses:", then "Websites:". */
  noteBlocks: string[];
  linkedinUrl?: string;
  twitterHandle?: string;
  telegramUsername?: string;
  birthday?: ImportedDate;
  /** YYYY-MM-DD: a timeline entry on that day. */
  lastContacted?: string;
  /** YYYY-MM-DD: a reminder on that day. */
  reminderOn?: string;
  unreadable: string[];
}

// Outlook writes these for fields never set (in English and German); they say nothing about the
// person, nor does Outlook 2003's column name written as the value of an empty field.
const UNSET = new Set([
  'sensitivity:normal',
  'private:false',
  'gender:unspecified',
  'vertraulichkeit:normal',
  'prioritat:normal',
  'privat:aus',
  'privat:false',
  'geschlecht:unbestimmt',
]);
const UNSET_DATE = /^0{1,2}[./-]0{1,2}[./-]0{2,4}$/;
const saysNothing = (header: string, value: string) =>
  UNSET.has(`${squash(header)}:${squash(value)}`) || squash(header) === squash(value) || UNSET_DATE.test(value);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const oneLine = (v: string) => v.replace(/\s*[\r\n]+\s*/g, ', ').trim();
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of an address's "Label"/"Type" column (Google's "Address 1 - Label"), or its header's word. */
function addressLabel(headers: string[], cells: string[], address: string): string | null {
  if (!address) return null;
  const i = headers.findIndex((h) => new RegExp(`^${escaped(address)}\\s*-\\s*(label|type)$`, 'i').test(h.trim()));
  const label =
    i >= 0
      ? restoreCsvValue(cells[i] ?? '')
          .replace(/^\*\s*/, '')
          .trim()
      : '';
  if (label) return label;
  if (/^address\s*\d*$/i.test(address)) return null;
  return address.charAt(0).toUpperCase() + address.slice(1);
}

function addresses(headers: string[], mapping: ColumnMapping, cells: string[]) {
  const groups = new Map<string, Partial<Record<AddressPart, string[]>>>();
  headers.forEach((header, i) => {
    if (mapping[header] !== 'address') return;
    const value = restoreCsvValue(cells[i] ?? '').trim();
    if (!value) return;
    const { address, part } = addressPart(header) ?? { address: header.toLowerCase(), part: 'formatted' as const };
    const group = groups.get(address) ?? {};
    (group[part] ??= []).push(value);
    groups.set(address, group);
  });
  return [...groups].flatMap(([address, p]) => {
    const one = (part: AddressPart) => p[part]?.map(oneLine).join(', ') || '';
    const [extended, poBox, city, region, postcode, country] = (
      ['extended', 'po_box', 'city', 'region', 'postcode', 'country'] as const
    ).map(one);
    const formatted = one('formatted');
    // Beside a City or Country column, a lone "Address" column is the street.
    const street = one('street') || (address === '' && (city || region || postcode || country) ? formatted : '');
    const place = [city, region, country].filter(Boolean).join(', ');
    const full = [street, extended, poBox && `PO Box ${poBox}`, city, [region, postcode].filter(Boolean).join(' '), country]
      .filter(Boolean)
      .join(', ');
    const kind = addressLabel(headers, cells, address);
    return place || full || formatted ? [{ place: place || formatted || full, full: full || formatted, kind }] : [];
  });
}

function birthday(headers: string[], mapping: ColumnMapping, cells: string[]): ImportedDate | 'unreadable' | undefined {
  const part = (field: string) => {
    const i = headers.findIndex((h) => mapping[h] === field);
    return i >= 0 ? restoreCsvValue(cells[i] ?? '').trim() : '';
  };
  const [y, m, d] = [part('birth_year'), part('birth_month'), part('birth_day')];
  if (!m && !d) return y ? 'unreadable' : undefined;
  const month = /^\d{1,2}$/.test(m) ? Number(m) : MONTHS.indexOf(m.slice(0, 3).toLowerCase()) + 1;
  const day = Number(d);
  const year = /^\d{4}$/.test(y) ? Number(y) : null;
  const valid =
    month >= 1 && month <= 12 && Number.isInteger(day) && day >= 1 && day <= new Date(Date.UTC(year ?? 2024, month, 0)).getUTCDate();
  if (!valid || (y && year === null)) return 'unreadable';
  return { kind: 'birthday', label: null, month, day, year: year !== null && year >= 1900 && year <= 2100 ? year : null };
}

/**
 * A value's line in the notes, with the label its qualifying column gives it (ADR 075): Google's
 * "Custom Field 1 - Label: Shoe size" names its value ("Shoe size: 38"); "IM 1 - Label: Work"
 * says which one ("IM 1 (Work): ada.skype"). Without one, the column's name.
 */
function labelledLine(headers: string[], cells: string[], header: string, value: string): string {
  const q = qualifierOf(headers, header);
  const label = q >= 0 ? oneLine(restoreCsvValue(cells[q] ?? '').replace(/^\*\s*/, '')) : '';
  if (!label) return `${header}: ${value}`;
  const name = header.replace(/\s*-?\s*value$/i, '').trim();
  return /^custom\s*field\s*\d*$/i.test(name) ? `${label}: ${value}` : `${name} (${label}): ${value}`;
}

/** The columns of a row that Kith files in several places (see RowExtras). */
export function rowExtras(headers: string[], mapping: ColumnMapping, cells: string[]): RowExtras {
  const extras: RowExtras = { noteBlocks: [], unreadable: [] };
  const labelled: string[] = [];
  const websites: string[] = [];
  headers.forEach((header, i) => {
    const field = mapping[header];
    const value = restoreCsvValue(cells[i] ?? '').trim();
    if (!value) return;
    if (field === 'labelled_note') {
      if (!saysNothing(header, value)) labelled.push(labelledLine(headers, cells, header, value));
    } else if (field === 'websites') {
      // Google's "Website 1 - Label" ("Blog", "* Home page") goes with its address.
      const q = qualifierOf(headers, header);
      const label = q >= 0 ? oneLine(restoreCsvValue(cells[q] ?? '').replace(/^\*\s*/, '')) : '';
      for (const url of value.split(/\s*(?::::|;|\n)\s*/).filter(Boolean)) {
        const hit = classifyUrl(url);
        if (hit.field === 'linkedin_url') extras.linkedinUrl ??= hit.value;
        else if (hit.field === 'twitter_handle') extras.twitterHandle ??= hit.value;
        else if (hit.field === 'telegram_username') extras.telegramUsername ??= hit.value;
        else websites.push(label ? `${label}: ${url}` : url);
      }
    } else if (field === 'last_contacted' || field === 'reminder') {
      // A value that is no date is kept in the notes under its column's name.
      const on = parseConnectedOn(value);
      if (on && field === 'last_contacted') extras.lastContacted ??= on;
      else if (on) extras.reminderOn ??= on;
      else labelled.push(`${header}: ${value}`);
    }
  });
  if (labelled.length) extras.noteBlocks.push(labelled.join('\n'));
  const found = addresses(headers, mapping, cells);
  // A longer place is cut by readContact, which says so and keeps it whole in the notes.
  extras.location = found[0]?.place;
  if (found.length > 1 || found.some((a) => a.full !== a.place)) {
    extras.noteBlocks.push(['Addresses:', ...found.map((a) => `${a.kind ? `${a.kind}: ` : ''}${a.full}`)].join('\n'));
  }
  if (websites.length) extras.noteBlocks.push(['Websites:', ...websites].join('\n'));
  const born = birthday(headers, mapping, cells);
  if (born === 'unreadable') {
    const parts = headers.filter((h) => ['birth_year', 'birth_month', 'birth_day'].includes(mapping[h] ?? ''));
    extras.unreadable.push(`Birth date "${parts.map((h) => restoreCsvValue(cells[headers.indexOf(h)] ?? '').trim()).join('-')}"`);
  } else if (born) extras.birthday = born;
  return extras;
}
