import { escapeVcardText as text, foldVcardLine, vcardParam } from '../export/vcard-text';
import { splitValue, unescapeText, type RawCard, type VcardProperty } from '../imports/vcard-file';
import { organizationOfCard, type ImportedOrganization } from '../imports/vcard-organizations';
import type { OrganizationView } from '../organizations/organizations';
import { emailKey, phoneKey, placeOfAdr, splitLine } from './phone-lines';
import { lineOf } from './phone-card';

// A company card (ADR 054): an organization of Kith as the phone's address book holds it, and a
// phone's company card read back into one. Kith keeps a name, one phone, one email, one website,
// one place and notes; every other line of the phone's card is kept verbatim and written back,
// and the phone's own line for each value Kith keeps (its TYPE, its label) stands in for Kith's
// line while the value is the same, so a round trip through the phone changes nothing.

/** The lines Kith writes itself on a company card: the phone's are not kept. */
const WRITTEN = new Set(['VERSION', 'PRODID', 'UID', 'REV', 'FN', 'N', 'KIND', 'X-ADDRESSBOOKSERVER-KIND', 'X-ABSHOWAS', 'NOTE']);

const isWeb = (value: string) => /^https?:\/\//i.test(unescapeText(value).trim());

/** Each value Kith keeps, and which of the phone's lines holds it: the first of its property. */
const TEMPLATE_OF: Record<string, (p: VcardProperty) => boolean> = {
  ORG: () => true,
  TEL: () => true,
  EMAIL: () => true,
  URL: (p) => isWeb(p.value),
  ADR: () => true,
};

export interface CompanyCard {
  organization: ImportedOrganization;
  /** The lines kept verbatim, in the card's order (with the stand-ins for Kith's values). */
  kept: string[];
  uid: string | null;
  /** The card's logo was a web address (else Kith's logo is left as it is). */
  hasLogo: boolean;
}

/** A phone's company card as an organization and the lines kept beside it. */
export function readCompanyCard(card: RawCard): CompanyCard {
  const props = card.properties;
  const first = (name: string) => props.find((p) => p.name === name && TEMPLATE_OF[name]!(p));
  const read = ['ORG', 'TEL', 'EMAIL', 'URL'].map(first).filter((p): p is VcardProperty => Boolean(p));
  const photo = props.find((p) => p.name === 'PHOTO' && isWeb(p.value));
  if (photo) read.push(photo);
  const adr = first('ADR');
  const notes = props
    .filter((p) => p.name === 'NOTE')
    .map((p) => unescapeText(p.value))
    .filter((n) => n.trim());
  const organization = organizationOfCard(read, adr ? placeOfAdr(adr) || undefined : undefined, notes);
  const kept = props.filter((p) => !WRITTEN.has(p.name) && !p.name.startsWith('X-KITH-') && p !== photo).map(lineOf);
  const uid = props.find((p) => p.name === 'UID')?.value.trim() || null;
  return { organization, kept, uid, hasLogo: Boolean(photo) };
}

interface KeptLine {
  line: string;
  group: string | null;
  name: string;
  prop: VcardProperty;
}

function parsed(line: string): KeptLine {
  const { head, value } = splitLine(line);
  const [nameWithGroup = '', ...params] = head.split(';');
  const dot = nameWithGroup.indexOf('.');
  const group = dot > 0 ? nameWithGroup.slice(0, dot).toLowerCase() : null;
  const name = (dot > 0 ? nameWithGroup.slice(dot + 1) : nameWithGroup).toUpperCase();
  const paramMap: Record<string, string[]> = {};
  for (const param of params) {
    const [key = '', v = ''] = param.split('=');
    paramMap[key.toUpperCase()] = [v.replace(/^"|"$/g, '')];
  }
  return { line, group, name, prop: { group, name, params: paramMap, value } };
}

/** Kith's line for one of its values with no phone line to stand in. */
function ownLine(name: string, org: OrganizationView, v3: boolean): string | null {
  if (name === 'ORG') return `ORG:${text(org.name)}`;
  if (name === 'TEL') return org.phone ? `TEL;TYPE=WORK:${text(org.phone)}` : null;
  if (name === 'EMAIL') return org.email ? `EMAIL;TYPE=WORK:${text(org.email)}` : null;
  if (name === 'URL') return org.website ? `URL:${org.website}` : null;
  if (!org.location) return null;
  return v3 ? `ADR;TYPE=WORK:;;;${text(org.location)};;;` : `ADR;TYPE=work;LABEL=${vcardParam(org.location)}:;;;;;;`;
}

/** The phone's line for a value, as it stands now: itself while the value is Kith's, Kith's value in its shape, or nothing. */
function standIn(t: KeptLine, org: OrganizationView, v3: boolean): string | null {
  const { head, value } = splitLine(t.line);
  const own = ownLine(t.name, org, v3);
  if (own === null) return null;
  if (t.name === 'ORG') {
    const [name = '', ...rest] = splitValue(value, ';');
    if (name.trim() === org.name) return t.line;
    return `${head}:${[text(org.name), ...rest.map(text)].join(';')}`;
  }
  if (t.name === 'TEL')
    return phoneKey(value) === phoneKey(org.phone!)
      ? t.line
      : `${head}:${/^tel:/i.test(value) ? `tel:${org.phone!.replace(/\s+/g, '-')}` : text(org.phone!)}`;
  if (t.name === 'EMAIL') return emailKey(value) === emailKey(org.email!) ? t.line : `${head}:${text(org.email!)}`;
  if (t.name === 'URL') return unescapeText(value).trim() === org.website ? t.line : `${head}:${org.website}`;
  return placeOfAdr(t.prop) === org.location ? t.line : own;
}

export interface CompanyCardOptions {
  version: '3.0' | '4.0';
  uid: string;
  kept: string[];
}

/** An organization as a company card: Apple's X-ABShowAs:COMPANY in 3.0, KIND:org in 4.0. */
export function organizationToVcard(org: OrganizationView, options: CompanyCardOptions): string {
  const v3 = options.version === '3.0';
  const lines = ['BEGIN:VCARD', `VERSION:${options.version}`];
  if (!v3) lines.push('KIND:org');
  lines.push(`FN:${text(org.name)}`, 'N:;;;;');
  if (v3) lines.push('X-ABShowAs:COMPANY');
  const kept = options.kept.map(parsed);
  const templates = new Map<KeptLine, string | null>();
  for (const name of Object.keys(TEMPLATE_OF)) {
    const template = kept.find((k) => k.name === name && TEMPLATE_OF[name]!(k.prop));
    if (template) templates.set(template, standIn(template, org, v3));
    else {
      const own = ownLine(name, org, v3);
      if (own) lines.push(own);
    }
  }
  if (org.notes) lines.push(`NOTE:${text(org.notes)}`);
  if (org.logo_url && /^https?:/i.test(org.logo_url)) lines.push(v3 ? `PHOTO;VALUE=uri:${org.logo_url}` : `PHOTO:${org.logo_url}`);
  lines.push(`X-KITH-ID:${text(org.id)}`, `UID:${text(options.uid)}`);
  // A stand-in Kith no longer has a value for goes, with its group's label.
  const dropped = new Set([...templates].filter(([t, line]) => line === null && t.group).map(([t]) => t.group));
  const after: string[] = [];
  for (const k of kept) {
    if (templates.has(k)) {
      const line = templates.get(k);
      if (line) after.push(line);
    } else if (!(k.group && dropped.has(k.group))) after.push(k.line);
  }
  return [...lines.map(foldVcardLine), ...after.map(foldVcardLine), 'END:VCARD'].join('\r\n') + '\r\n';
}
