import type { RawCard, VcardProperty } from '../imports/vcard-file';
import { relatedNameOf } from '../relationships/vcard-related';
import { localityOfAdr, RELATED_NAMES, STANDS_FOR } from './phone-lines';

// A phone's card split in two (ADR 028): what Kith reads into the contact (through the vCard
// import's reader) and what it keeps verbatim and writes back, so a round trip through the
// phone changes nothing Kith does not model.

/** Properties Kith reads into the contact or writes itself; any other is kept as the phone wrote it. */
const MODELED = new Set([
  'VERSION',
  'PRODID',
  'UID',
  'REV',
  'FN',
  'N',
  'EMAIL',
  'TEL',
  'ORG',
  'TITLE',
  'NOTE',
  'CATEGORIES',
  'BDAY',
  'ANNIVERSARY',
  'X-ANNIVERSARY',
  'PHOTO',
  'GEO',
  'X-KITH-PRIORITY',
  'X-KITH-ID',
  'X-TWITTER',
  'KIND',
  'X-ADDRESSBOOKSERVER-KIND',
  'X-ABSHOWAS',
]);

const SOCIAL = /(linkedin\.com\/(in|pub)\/|(twitter|x)\.com\/|t\.me\/|telegram\.me\/)/i;

/** Whether Kith reads this property itself (then the contact is where it lives). */
function modeled(p: VcardProperty, firstAdr: VcardProperty | undefined, props: VcardProperty[]): boolean {
  if (MODELED.has(p.name)) return true;
  if (p.name === 'ADR') return p === firstAdr;
  // Kith's web fields: LinkedIn, X/Twitter and Telegram. Any other web address stays the phone's.
  if (p.name === 'URL' || p.name === 'X-SOCIALPROFILE') return SOCIAL.test(p.value);
  if (p.name === 'X-ABDATE') return true;
  // A related name is a link; a RELATED that names no one here (urn:uuid:…) stays the phone's.
  if (RELATED_NAMES.includes(p.name)) return relatedNameOf(p, props) !== null;
  return false;
}

// Names are case-insensitive, but Apple's are written in its own case; a kept line keeps it.
const APPLE_CASE: Record<string, string> = {
  'X-ABLABEL': 'X-ABLabel',
  'X-ABRELATEDNAMES': 'X-ABRelatedNames',
  'X-ABDATE': 'X-ABDate',
  'X-ABSHOWAS': 'X-ABShowAs',
};

/** A property as one content line (unfolded): as the phone wrote it, else `group.NAME;PARAM=a,b:value`. */
export function lineOf(p: VcardProperty): string {
  // eslint-disable-next-line no-control-regex -- a kept line may hold no line break
  if (p.raw) return p.raw.replace(/[\r\n\u0000-\u0008]/g, '');
  const params = Object.entries(p.params)
    .filter(([key]) => key !== 'CHARSET' && !(key === 'ENCODING' && /quoted-printable/i.test(p.params.ENCODING?.[0] ?? '')))
    .map(([key, values]) => `;${key}=${values.map((v) => (/[:;,"]/.test(v) ? `"${v.replace(/"/g, "'")}"` : v)).join(',')}`)
    .join('');
  // eslint-disable-next-line no-control-regex -- a kept line may hold no line break
  return `${p.group ? `${p.group}.` : ''}${APPLE_CASE[p.name] ?? p.name}${params}:${p.value.replace(/[\r\n\u0000-\u0008]/g, '')}`;
}

export interface SplitCard {
  /** The card with only what Kith reads, for the import's reader. */
  read: RawCard;
  /** The lines kept verbatim, in the card's order. */
  kept: string[];
  /** The UID the phone gave the card, if any. */
  uid: string | null;
}

export function splitPhoneCard(card: RawCard): SplitCard {
  const firstAdr = card.properties.find((p) => p.name === 'ADR');
  const firstOf = new Map<string, VcardProperty>();
  for (const p of card.properties) if (!firstOf.has(p.name)) firstOf.set(p.name, p);
  const keptGroups = new Set<string>();
  const read: VcardProperty[] = [];
  const kept: VcardProperty[] = [];
  const keep = (p: VcardProperty) => {
    kept.push(p);
    if (p.group) keptGroups.add(p.group);
  };
  for (const p of card.properties) {
    if (p.name === 'X-ABLABEL') continue;
    if (p === firstAdr) {
      // The address as the phone wrote it is kept; Kith reads only its place (city, region,
      // country), so no "Addresses:" note grows with each round trip.
      keep(p);
      read.push(localityOfAdr(p));
    } else if (modeled(p, firstAdr, card.properties)) {
      read.push(p);
      // The phone's own line for a value Kith models (its TYPE, its label) is kept beside it and
      // written in place of Kith's line while the value is Kith's (ADR 028, amended).
      if (p.name === 'TEL' || p.name === 'EMAIL' || RELATED_NAMES.includes(p.name) || (STANDS_FOR.has(p.name) && firstOf.get(p.name) === p))
        keep(p);
    } else keep(p);
  }
  // A label travels with its property: with a kept one it is kept, else Kith reads it; a related
  // name's label is both (it says the link's kind).
  const relatedGroups = new Set(card.properties.filter((p) => p.group && relatedNameOf(p, card.properties)).map((p) => p.group));
  for (const p of card.properties.filter((q) => q.name === 'X-ABLABEL')) {
    if (p.group && relatedGroups.has(p.group)) read.push(p);
    (p.group && keptGroups.has(p.group) ? kept : read).push(p);
  }
  const order = new Map(card.properties.map((p, i) => [p, i]));
  kept.sort((a, b) => order.get(a)! - order.get(b)!);
  const uid = card.properties.find((p) => p.name === 'UID')?.value.trim() || null;
  return { read: { ...card, properties: read }, kept: kept.map(lineOf), uid };
}
