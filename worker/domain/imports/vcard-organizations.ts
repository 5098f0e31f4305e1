import { newId, nowIso } from '../../db/columns';
import { organizationNameNorm } from '../organizations/organizations';
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
  const values = (name: string) => props.filter((p) => p.name === name).map((p) => oneLine(unescapeText(p.value).replace(/^(mailto|tel):/i, ''))).filter(Boolean);
  const name = oneLine(splitValue(props.find((p) => p.name === 'ORG')!.value, ';')[0]!);
  const [phone, ...morePhones] = values('TEL');
  const [email, ...moreEmails] = values('EMAIL');
  const [website, ...moreSites] = values('URL').filter((u) => /^https?:\/\//i.test(u));
  const photo = values('PHOTO').find((u) => /^https?:\/\//i.test(u));
  const extra = [...morePhones.map((p) => `Phone: ${p}`), ...moreEmails.map((e) => `Email: ${e}`), ...moreSites.map((u) => `Website: ${u}`)];
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
  return d1
    .prepare(`INSERT INTO organizations (id, user_id, name, name_norm, website, location, phone, email, notes, logo_url, created_at, updated_at)
      SELECT json_extract(v.value, '$.id'), ?1, json_extract(v.value, '$.name'), json_extract(v.value, '$.name_norm'),
        json_extract(v.value, '$.website'), json_extract(v.value, '$.location'), json_extract(v.value, '$.phone'),
        json_extract(v.value, '$.email'), json_extract(v.value, '$.notes'), json_extract(v.value, '$.logo_url'), ?3, ?3
      FROM json_each(?2) AS v WHERE true
      ON CONFLICT (user_id, name_norm) DO UPDATE SET
        website = coalesce(organizations.website, excluded.website), location = coalesce(organizations.location, excluded.location),
        phone = coalesce(organizations.phone, excluded.phone), email = coalesce(organizations.email, excluded.email),
        notes = coalesce(organizations.notes, excluded.notes), logo_url = coalesce(organizations.logo_url, excluded.logo_url),
        updated_at = CASE WHEN organizations.website IS NULL AND excluded.website IS NOT NULL OR organizations.location IS NULL AND excluded.location IS NOT NULL
          OR organizations.phone IS NULL AND excluded.phone IS NOT NULL OR organizations.email IS NULL AND excluded.email IS NOT NULL
          OR organizations.notes IS NULL AND excluded.notes IS NOT NULL OR organizations.logo_url IS NULL AND excluded.logo_url IS NOT NULL
          THEN excluded.updated_at ELSE organizations.updated_at END`)
    .bind(userId, JSON.stringify(rows), now);
}
