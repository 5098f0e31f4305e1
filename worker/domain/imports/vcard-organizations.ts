import { newId, nowIso } from '../../db/columns';
import { organizationNameNorm } from '../organizations/organizations';
import { upsertImportedOrganizationsStatement } from './imported-records-queries';
import { splitValue, unescapeText, type VcardProperty } from './vcard-file';

/** A company card's organization, as the import writes it. */
export interface ImportedOrganization {
  name: string;
  website: string | null;
  location: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  logo_url: string | null;
}

const oneLine = (v: string) => v.replace(/\s*[\r\n]+\s*/g, ' ').trim();
const clip = (v: string | undefined, max: number) => (v ? v.slice(0, max) : null);

/**
 * A card for a company rather than a person: Apple's X-ABShowAs:COMPANY, vCard 4.0's KIND:org,
 * or an ORG with no person's name (no N, and FN absent or the company's own name).
 */
export function isCompanyCard(props: VcardProperty[]): boolean {
  const value = (name: string) => {
    const p = props.find((q) => q.name === name);
    return p ? oneLine(unescapeText(p.value)) : '';
  };
  const org = props.find((p) => p.name === 'ORG');
  const orgName = org ? oneLine(splitValue(org.value, ';')[0] ?? '') : '';
  if (!orgName) return false;
  if (/^company$/i.test(value('X-ABSHOWAS')) || /^(org|organization)$/i.test(value('KIND'))) return true;
  const n = props.find((p) => p.name === 'N');
  const personName = n ? splitValue(n.value, ';').slice(0, 3).some(Boolean) : false;
  const fn = value('FN');
  return !personName && (!fn || fn.toLowerCase() === orgName.toLowerCase());
}

/** The organization a company card describes: first phone, email, web site and address; the rest in its notes. */
export function organizationOfCard(props: VcardProperty[], place: string | undefined, notes: string[]): ImportedOrganization {
  const values = (name: string) =>
    props
      .filter((p) => p.name === name)
      .map((p) => oneLine(unescapeText(p.value).replace(/^(mailto|tel):/i, '')))
      .filter(Boolean);
  const name = oneLine(splitValue(props.find((p) => p.name === 'ORG')!.value, ';')[0]!);
  const [phone, ...morePhones] = values('TEL');
  const [email, ...moreEmails] = values('EMAIL');
  const [website, ...moreSites] = values('URL').filter((u) => /^https?:\/\//i.test(u));
  const photo = values('PHOTO').find((u) => /^https?:\/\//i.test(u));
  const extra = [
    ...morePhones.map((p) => `Phone: ${p}`),
    ...moreEmails.map((e) => `Email: ${e}`),
    ...moreSites.map((u) => `Website: ${u}`),
  ];
  const allNotes = [...notes, ...(extra.length ? [extra.join('\n')] : [])].join('\n\n');
  return {
    name: name.slice(0, 200),
    website: clip(website, 500),
    location: clip(place, 200),
    phone: clip(phone, 40),
    email: clip(email, 254),
    notes: clip(allNotes || undefined, 20_000),
    logo_url: clip(photo, 2000),
  };
}

/**
 * Company cards as organizations: created when new, and an organization of the same name
 * (any case) only gains the details it lacks, so a re-import changes nothing.
 */
export function importedOrganizationsStatement(d1: D1Database, userId: string, orgs: ImportedOrganization[]): D1PreparedStatement | null {
  if (!orgs.length) return null;
  const now = nowIso();
  const rows = orgs.map((o) => ({ ...o, id: newId(), name_norm: organizationNameNorm(o.name) }));
  return upsertImportedOrganizationsStatement(d1, userId, rows, now);
}
