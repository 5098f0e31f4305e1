import type { Db } from '../../db/client';
import type { ContactRow, contactIdentifiers, contactTags } from '../../db/schema';
import { notFound } from '../errors';
import { companiesOfContacts, contactRowsAmong, identifiersOfContacts, tagsOfContacts } from './contact-record-queries';

export type GeocodeStatus = 'none' | 'pending' | 'geocoded' | 'no_result';

/** The Contact of API.md, as every endpoint and page returns it. */
export interface ContactView {
  id: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  emails: string[];
  phones: string[];
  company: { id: string; name: string } | null;
  title: string | null;
  tags: string[];
  priority: ContactRow['priority'];
  notes: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  geocoded_location: string | null;
  geocoded_at: string | null;
  geocode_status: GeocodeStatus;
  relationship_score: number;
  avatar_url: string | null;
  telegram_username: string | null;
  twitter_handle: string | null;
  linkedin_url: string | null;
  bios: { twitter: string | null; telegram: string | null; linkedin: string | null };
  source: string;
  bcc_address: string | null;
  /** When the relationship started (LinkedIn's "Connected On"), YYYY-MM-DD. */
  connected_on: string | null;
  /** How the user met them, in their words ("introduced by Cy at Web Summit 2024"). */
  how_we_met: string | null;
  last_interaction_at: string | null;
  /** Its own cadence: 'none' overrides the priority's default; null follows it. */
  cadence: { every: number; unit: 'day' | 'week' | 'month' } | 'none' | null;
  /** The local date (user's time zone) it is next due, from its or its priority's cadence. */
  next_due: string | null;
  created_at: string;
  updated_at: string;
}

export function cadenceOf(row: Pick<ContactRow, 'cadenceEvery' | 'cadenceUnit'>): ContactView['cadence'] {
  if (row.cadenceEvery === null) return null;
  if (row.cadenceEvery <= 0 || !row.cadenceUnit) return 'none';
  return { every: row.cadenceEvery, unit: row.cadenceUnit };
}

export function geocodeStatusOf(row: Pick<ContactRow, 'location' | 'geocodedLocation' | 'latitude'>): GeocodeStatus {
  if (!row.location?.trim()) return 'none';
  if (row.geocodedLocation !== row.location) return 'pending';
  return row.latitude === null ? 'no_result' : 'geocoded';
}

export function bccAddress(token: string, bccDomain: string | undefined): string | null {
  return bccDomain ? `log+${token}@${bccDomain}` : null;
}

/** The four reads of contact records for up to 90 ids (90 ids + 2 user ids is the most any binds), to batch. */
export function contactRecordQueries(db: Db, userId: string, ids: string[]) {
  return [
    contactRowsAmong(db, userId, ids),
    identifiersOfContacts(db, userId, ids),
    tagsOfContacts(db, userId, ids),
    companiesOfContacts(db, userId, ids),
  ] as const;
}

export interface ContactRecords {
  rows: ContactRow[];
  idents: (typeof contactIdentifiers.$inferSelect)[];
  tags: (typeof contactTags.$inferSelect)[];
  companies: Map<string, string>;
}

/** What a batch of contactRecordQueries answers, in its order. */
export type ContactRecordRows = readonly [ContactRow[], ContactRecords['idents'], ContactRecords['tags'], { id: string; name: string }[]];

/** Adds what a batch of contactRecordQueries found to `records` (new ones when none are given). */
export function addContactRecords([rows, idents, tags, orgs]: ContactRecordRows, records: ContactRecords = noRecords()): ContactRecords {
  records.rows.push(...rows);
  records.idents.push(...idents);
  records.tags.push(...tags);
  for (const org of orgs) records.companies.set(org.id, org.name);
  return records;
}

function noRecords(): ContactRecords {
  return { rows: [], idents: [], tags: [], companies: new Map() };
}

/**
 * The user's contact rows among `ids` with their identifiers, tags and company names, in one
 * batched round trip per 90 ids (D1 allows 100 bound parameters per statement). Shared by the
 * views and merge.
 */
export async function loadContactRecords(db: Db, userId: string, ids: string[]): Promise<ContactRecords> {
  const records = noRecords();
  for (let i = 0; i < ids.length; i += 90) {
    addContactRecords(await db.batch(contactRecordQueries(db, userId, ids.slice(i, i + 90))), records);
  }
  return records;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Loads full contact views for many ids with a fixed number of queries (never one per
 * contact), in the order of `ids`. Ids that are not the user's are silently absent.
 */
export async function loadContactViews(db: Db, userId: string, ids: string[], bccDomain?: string): Promise<ContactView[]> {
  if (ids.length === 0) return [];
  return contactViewsOf(await loadContactRecords(db, userId, ids), ids, bccDomain);
}

/** The views of `ids` (in that order) from their records; ids with no contact row are absent. */
export function contactViewsOf({ rows, idents, tags, companies }: ContactRecords, ids: string[], bccDomain?: string): ContactView[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const identsOf = groupBy(idents, (x) => x.contactId);
  const tagsOf = groupBy(tags, (t) => t.contactId);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const mine = (identsOf.get(id) ?? []).sort((a, b) => a.position - b.position);
    return [
      {
        id: row.id,
        first_name: row.firstName,
        last_name: row.lastName,
        full_name: row.fullName,
        emails: mine.filter((x) => x.kind === 'email').map((x) => x.value),
        phones: mine.filter((x) => x.kind === 'phone').map((x) => x.value),
        company: row.companyId && companies.has(row.companyId) ? { id: row.companyId, name: companies.get(row.companyId)! } : null,
        title: row.title,
        tags: (tagsOf.get(id) ?? []).map((t) => t.tag).sort((a, b) => a.localeCompare(b)),
        priority: row.priority,
        notes: row.notes,
        location: row.location,
        latitude: row.latitude,
        longitude: row.longitude,
        geocoded_location: row.geocodedLocation,
        geocoded_at: row.geocodedAt,
        geocode_status: geocodeStatusOf(row),
        relationship_score: row.relationshipScore,
        avatar_url: row.avatarUrl,
        telegram_username: row.telegramUsername,
        twitter_handle: row.twitterHandle,
        linkedin_url: row.linkedinUrl,
        bios: { twitter: row.bioTwitter, telegram: row.bioTelegram, linkedin: row.bioLinkedin },
        source: row.source,
        bcc_address: bccAddress(row.bccToken, bccDomain),
        connected_on: row.connectedOn,
        how_we_met: row.howWeMet,
        last_interaction_at: row.lastInteractionAt,
        cadence: cadenceOf(row),
        next_due: row.nextDue,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
      },
    ];
  });
}

export async function getContactView(db: Db, userId: string, id: string, bccDomain?: string): Promise<ContactView> {
  const [view] = await loadContactViews(db, userId, [id], bccDomain);
  if (!view) throw notFound('Contact');
  return view;
}
