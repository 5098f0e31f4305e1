import { webUrlOf } from '../web-url';
import { sha256Hex } from '../../db/columns';
import { readContact, type RawContact, type ValueWarning } from '../contacts/read-contact';
import type { ContactRecord } from '../contacts/upsert-contacts';
import { tagsFromGroups } from '../tags/address-book-groups';
import type { StagedCard } from './start-vcard-import';
import { cardFromText, splitValue, unescapeText, type VcardProperty } from './vcard-file';
import { labelBlocks, labelOfTypes } from './identifier-labels';
import { cardLeftovers } from './vcard-leftovers';
import { isCompanyCard, organizationOfCard, type ImportedOrganization } from './vcard-organizations';
import { relatedNamesOf, type RelatedName } from '../relationships/vcard-related';
import { DATE_LABEL_MAX } from './csv-row-dates';
import { cutReport, fitted, type CutValue } from './cut-to-fit';

export interface ImportedDate {
  kind: 'birthday' | 'anniversary' | 'custom';
  label: string | null;
  month: number;
  day: number;
  year: number | null;
}

/** An inline photo (base64 or data: URI) to keep as the contact's avatar. */
export interface CardPhoto {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export type CardResult =
  | {
      status: 'record';
      record: ContactRecord;
      dates: ImportedDate[];
      photo: CardPhoto | null;
      warnings: ValueWarning[];
      /** RELATED and Apple's X-ABRelatedNames: the links the card names. */
      related: RelatedName[];
    }
  | { status: 'organization'; organization: ImportedOrganization }
  | { status: 'skipped'; message: string }
  | { status: 'failed'; message: string };

const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** A photo's address longer than this is no avatar: it is kept in the notes (ADR 078). */
const AVATAR_URL_MAX = 2000;

// Names, company, title and tags are one line each: a line break in one becomes a space.
// A one-line field holds no tab or line break (ADR 011): tabs become spaces, line breaks `sep`.
const oneLine = (v: string, sep = ' ') =>
  v
    .replace(/[\t\v\f]/g, ' ')
    .replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, sep)
    .trim();
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const types = (p: VcardProperty) => (p.params.TYPE ?? []).flatMap((t) => t.split(',')).map((t) => t.toLowerCase());
const isPreferred = (p: VcardProperty) => types(p).includes('pref') || Boolean(p.params.PREF);
/** Apple's custom label of a grouped property: `item1.X-ABLabel:_$!<HomePage>!$_` or `LinkedIn`. */
const labelOf = (p: VcardProperty, all: VcardProperty[]) => {
  const raw = p.group ? all.find((q) => q.group === p.group && q.name === 'X-ABLABEL')?.value : undefined;
  return raw ? oneLine(unescapeText(raw)).replace(/^_\$!<(.*)>!\$_$/, '$1') || null : null;
};

/**
 * "1985-04-12", "19850412", "--0412", "--04-12" (no year), "1920-7-25" (some phones leave out the
 * zeros); Apple's no-year marker 1604 counts as none.
 */
export function parseCardDate(value: string, omitYear?: string): { month: number; day: number; year: number | null } | null {
  const m = value.trim().match(/^(\d{4}|--)-?(\d{2})-?(\d{2})(?:$|T)/) ?? value.trim().match(/^(\d{4}|--)-(\d{1,2})-(\d{1,2})(?:$|T)/);
  if (!m) return null;
  const year = m[1] === '--' || m[1] === omitYear || m[1] === '1604' ? null : Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(2024, month, 0)).getUTCDate()) return null;
  return { month, day, year: year !== null && year >= 1900 && year <= 2100 ? year : null };
}

/** "tel:+1-555-0100;ext=12" (vCard 4.0) -> "+1-555-0100 x12". */
const phoneOf = (value: string) => unescapeText(value).replace(/^tel:/i, '').replace(/;ext=/i, ' x').trim();

/** Where a web address belongs: a LinkedIn URL, a twitter or telegram handle, or just a website. */
export function classifyUrl(url: string): { field: 'linkedin_url' | 'twitter_handle' | 'telegram_username' | 'website'; value: string } {
  if (/linkedin\.com\/(in|pub)\//i.test(url)) return { field: 'linkedin_url', value: url };
  const twitter = url.match(/(?:twitter|x)\.com\/@?([A-Za-z0-9_.]{1,64})\/?$/i);
  if (twitter) return { field: 'twitter_handle', value: twitter[1]! };
  const telegram = url.match(/(?:t\.me|telegram\.me)\/@?([A-Za-z0-9_.]{1,64})\/?$/i);
  if (telegram) return { field: 'telegram_username', value: telegram[1]! };
  return { field: 'website', value: url };
}

function photoOf(p: VcardProperty): { url: string } | CardPhoto | null {
  const value = p.value.trim();
  if (/^https?:\/\//i.test(value)) {
    // The avatar is set after the contact schema ran, so it passes the same URL rule here (ADR 011).
    const url = webUrlOf(value);
    return url ? { url } : null;
  }
  const dataUri = value.match(/^data:([\w/+.-]+)?(?:;[^,]*)?;base64,(.*)$/is);
  const encoding = p.params.ENCODING?.[0]?.toLowerCase();
  const base64 = dataUri ? dataUri[2]! : encoding === 'b' || encoding === 'base64' ? value : null;
  if (!base64) return null;
  const type = dataUri?.[1] ?? `image/${(types(p).find((t) => /^(jpe?g|png|gif|webp)$/.test(t)) ?? 'jpeg').replace('jpg', 'jpeg')}`;
  try {
    const binary = atob(base64.replace(/\s+/g, ''));
    if (binary.length === 0 || binary.length > MAX_PHOTO_BYTES) return null;
    return { bytes: Uint8Array.from(binary, (c) => c.charCodeAt(0)), contentType: type.toLowerCase() };
  } catch {
    return null;
  }
}

/** The card's birthday, anniversaries and other dates, and which properties they were read from. */
function cardDates(all: (name: string) => VcardProperty[], props: VcardProperty[], cut: CutValue[]) {
  const dates: ImportedDate[] = [];
  const datesRead = new Set<VcardProperty>();
  const bdayProp = all('BDAY')[0];
  const bday = bdayProp && parseCardDate(bdayProp.value, bdayProp.params['X-APPLE-OMIT-YEAR']?.[0]);
  if (bday) {
    dates.push({ kind: 'birthday', label: null, ...bday });
    datesRead.add(bdayProp);
  }
  // Outlook's, Evolution's and KDE's own names for it beside RFC 6350's.
  const anniversaries = ['ANNIVERSARY', 'X-ANNIVERSARY', 'X-MS-ANNIVERSARY', 'X-EVOLUTION-ANNIVERSARY', 'X-KADDRESSBOOK-X-ANNIVERSARY'];
  for (const p of anniversaries.flatMap(all)) {
    const d = parseCardDate(p.value);
    if (d) dates.push({ kind: 'anniversary', label: null, ...d });
    if (d) datesRead.add(p);
  }
  for (const p of all('X-ABDATE')) {
    const d = parseCardDate(p.value, p.params['X-APPLE-OMIT-YEAR']?.[0]);
    const label = labelOf(p, props);
    if (d && label && /^anniversary$/i.test(label)) dates.push({ kind: 'anniversary', label: null, ...d });
    else if (d) dates.push({ kind: 'custom', label: fitted('Date label', label ?? 'Date', DATE_LABEL_MAX, cut), ...d });
    if (d) datesRead.add(p);
  }
  return { dates, datesRead };
}

/**
 * One card of an Apple, Google or Outlook export (vCard 2.1, 3.0 or 4.0) as a contact record.
 * `keepLeftovers` (a file import): what no field takes goes to the notes (vcard-leftovers.ts).
 */
export async function cardToRecord(
  staged: StagedCard | { number: number; text: string },
  { keepLeftovers = false }: { keepLeftovers?: boolean } = {},
): Promise<CardResult> {
  // A card staged before cards were staged parsed carries its text.
  const card = 'text' in staged ? cardFromText(staged.number, staged.text) : staged;
  if (card.problem) return { status: 'failed', message: card.problem };
  const props = card.properties;
  const all = (name: string) => props.filter((p) => p.name === name).sort((a, b) => Number(isPreferred(b)) - Number(isPreferred(a)));
  const first = (name: string) => all(name)[0];
  const text = (name: string) => {
    const p = first(name);
    return p ? oneLine(unescapeText(p.value)) || undefined : undefined;
  };

  const [family, given] = first('N') ? splitValue(first('N')!.value, ';').map((v) => oneLine(v)) : [];
  let firstName = given || undefined;
  let lastName = family || undefined;
  const fn = text('FN');
  const company = isCompanyCard(props);
  // Exporters put the email or phone in FN when a card has no name: that is not a name.
  if (company) firstName = lastName = undefined;
  else if (!firstName && !lastName && fn && !/@/.test(fn) && !/^[+\d\s().-]+$/.test(fn)) {
    const words = fn.split(/\s+/);
    lastName = words.length > 1 ? words.pop() : undefined;
    firstName = words.join(' ');
  }
  const input: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) input[key] = value;
  };
  put('first_name', firstName);
  put('last_name', lastName);
  const emails = new Map<string, string>();
  for (const p of all('EMAIL')) {
    const email = unescapeText(p.value)
      .replace(/^mailto:/i, '')
      .trim();
    if (email && !emails.has(email.toLowerCase())) emails.set(email.toLowerCase(), email);
  }
  put('emails', [...emails.values()]);
  put('phones', [
    ...new Set(
      all('TEL')
        .map((p) => phoneOf(p.value))
        .filter(Boolean),
    ),
  ]);
  // "Mobile", "Work fax", a custom label: Apple's X-ABLabel of the group, else the TYPE words. A
  // file import keeps them in the notes; a phone's CardDAV card keeps its lines as written (ADR 028).
  const labelled = (name: string, valueOf: (p: VcardProperty) => string) =>
    all(name).map((p) => {
      const apple = labelOf(p, props);
      return { value: valueOf(p), label: apple ? labelOfTypes([apple]) : labelOfTypes(types(p)) };
    });
  put('company', first('ORG') ? oneLine(splitValue(first('ORG')!.value, ';')[0] ?? '') : undefined);
  put('title', text('TITLE'));

  // A note keeps its line breaks and spacing as written.
  const notes: string[] = all('NOTE')
    .map((p) => unescapeText(p.value))
    .filter((n) => n.trim());
  // Kith's own export writes the labels of its notes back as TYPE words: not repeated in the notes.
  const labels = keepLeftovers
    ? labelBlocks(
        labelled('TEL', (p) => phoneOf(p.value)),
        labelled('EMAIL', (p) =>
          unescapeText(p.value)
            .replace(/^mailto:/i, '')
            .trim(),
        ),
        notes.join('\n\n'),
      )
    : [];
  const cut: CutValue[] = [];
  const { dates, datesRead } = cardDates(all, props, cut);
  // The properties a field took: the dates read, and the one ORG and TITLE (a second one, Google's
  // second organization, is a leftover).
  const used = new Set([...datesRead, first('ORG'), first('TITLE')].filter((p): p is VcardProperty => Boolean(p)));
  const leftovers = keepLeftovers ? cardLeftovers(props, used).join('\n') : '';
  // What the notes gained from the file import's later rounds (leftovers, ADR 065; labels, ADR 072):
  // left out of the card's fingerprint, so re-importing a file imported before finds its contacts.
  const laterNotes = new Set<number>();
  if (leftovers) laterNotes.add(notes.push(leftovers) - 1);
  const addresses = all('ADR')
    .map((p) => {
      const [poBox, extended, street, city, region, postcode, country] = splitValue(p.value, ';');
      const label = p.params.LABEL?.[0] ? oneLine(unescapeText(p.params.LABEL[0]), ', ') : '';
      const place = [city, region, country].filter(Boolean).join(', ');
      // A phone's card keeps its ADR line as written (ADR 028); a file's PO box is kept in the notes.
      const box = keepLeftovers && poBox ? (/\b(box|postfach|apartado|casella|postbus)\b/i.test(poBox) ? poBox : `PO Box ${poBox}`) : '';
      const full = [street, extended, box, city, region && postcode ? `${region} ${postcode}` : region || postcode, country]
        .filter(Boolean)
        .join(', ');
      const kind = labelOf(p, props) ?? (capitalized(types(p).find((t) => ['home', 'work'].includes(t)) ?? '') || null);
      return { place: place || label || full, full: full || label, kind };
    })
    .filter((a) => a.place);
  // One location per contact (city level, what the map geocodes); every full address goes to the notes.
  // A longer place is cut by readContact, which says so and keeps it whole in the notes.
  put('location', addresses[0]?.place);
  if (addresses.some((a) => a.full && a.full !== a.place) || addresses.length > 1) {
    notes.push(['Addresses:', ...addresses.map((a) => `${a.kind ? `${a.kind}: ` : ''}${a.full || a.place}`)].join('\n'));
  }

  const notesBeforeWebsites = [...notes];
  const websites: string[] = [];
  const profiles: string[] = [];
  const social = [...all('URL'), ...all('X-SOCIALPROFILE')].map((p) => ({ p, url: unescapeText(p.value).trim() }));
  for (const { p, url } of social) {
    const user = p.params['X-USER']?.[0];
    const type = types(p).join(' ');
    const hit = classifyUrl(url);
    if (hit.field !== 'website') put(hit.field, input[hit.field] ?? hit.value);
    else if (/twitter/.test(type) && user) put('twitter_handle', input.twitter_handle ?? user.replace(/^@/, ''));
    else if (/telegram/.test(type) && user) put('telegram_username', input.telegram_username ?? user.replace(/^@/, ''));
    else if (p.name === 'URL' && url)
      websites.push(`${labelOf(p, props) ?? capitalized(types(p).find((t) => t !== 'pref') ?? 'web')}: ${url}`);
    // Apple's other profiles (Facebook, Instagram, Flickr…): the address, else the user name.
    else if (url || user) {
      const service = capitalized(types(p).find((t) => t !== 'pref') ?? 'profile');
      profiles.push(`${service}: ${/^https?:\/\//i.test(url) || !user ? url : user}`);
    }
  }
  for (const p of all('X-TWITTER')) put('twitter_handle', input.twitter_handle ?? unescapeText(p.value).trim().replace(/^@/, ''));
  if (websites.length) notes.push(['Websites:', ...websites].join('\n'));
  // Kept since ADR 075: left out of the fingerprint, as the labels are.
  if (profiles.length) laterNotes.add(notes.push(['Profiles:', ...profiles].join('\n')) - 1);
  for (const block of labels) laterNotes.add(notes.push(block) - 1);
  put('notes', notes.join('\n\n'));
  const withoutLeftovers = laterNotes.size ? notes.filter((_, i) => !laterNotes.has(i)).join('\n\n') : input.notes;

  put(
    'tags',
    tagsFromGroups(
      all('CATEGORIES')
        .flatMap((p) => splitValue(p.value, ','))
        .map((v) => oneLine(v)),
    ),
  );
  const priority = text('X-KITH-PRIORITY')?.toLowerCase();
  if (priority && ['high', 'medium', 'low', 'archived'].includes(priority)) input.priority = priority;

  if (company) {
    return { status: 'organization', organization: organizationOfCard(props, input.location as string | undefined, notesBeforeWebsites) };
  }
  const hasIdentifier = ['emails', 'phones', 'telegram_username', 'twitter_handle', 'linkedin_url'].some((k) => k in input);
  if (!firstName && !lastName && !hasIdentifier)
    return { status: 'skipped', message: `Card ${card.number}: no name and no email, phone, handle or LinkedIn URL` };
  const who = fn || [firstName, lastName].filter(Boolean).join(' ') || [...emails.values()][0] || `card ${card.number}`;
  // The import rule (readContact): values Kith cannot read go to the notes, not the whole card.
  const reading = readContact(input as RawContact);
  if (reading.status === 'no_person') return { status: 'failed', message: `${who}: ${reading.message}` };

  let photo: CardPhoto | null = null;
  const photoProp = first('PHOTO');
  const found = photoProp ? photoOf(photoProp) : null;
  if (found && 'url' in found && found.url.length <= AVATAR_URL_MAX) reading.input.avatar_url = found.url;
  else if (found && 'url' in found) cut.push({ field: 'Photo', whole: found.url, max: AVATAR_URL_MAX, leftOut: true });
  else if (found) photo = found;
  const related = relatedNamesOf(props, cut);
  const cutNotes = cutReport(cut);
  const noteLines = [reading.noteLine, cutNotes.noteLine].filter((line): line is string => Boolean(line));
  const record: ContactRecord = { input: reading.input, noteLines };
  const fingerprinted = { ...input };
  if (withoutLeftovers) fingerprinted.notes = withoutLeftovers;
  else delete fingerprinted.notes;
  record.fingerprint = await sha256Hex(JSON.stringify(['vcard', fingerprinted, dates]));
  return { status: 'record', record, dates, photo, warnings: [...reading.warnings, ...cutNotes.warnings], related };
}
