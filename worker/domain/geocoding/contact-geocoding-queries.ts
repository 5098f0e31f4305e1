import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { contacts } from '../../db/schema';

// The user's contacts as geocoding reads and writes them. A contact waits while its
// geocoded_location is not its location (SPEC §3); contacts_geocode_pending indexes those.

/** A contact's location and the location its coordinates were settled for, if the user has it. */
export async function contactGeocodingState(db: Db, userId: string, contactId: string) {
  return db
    .select({ location: contacts.location, geocodedLocation: contacts.geocodedLocation })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .get();
}

/**
 * The distinct locations of those of these contacts still waiting. CROSS JOIN: each id by its
 * key, not a walk of the user's waiting contacts.
 */
export async function waitingLocationsOf(db: Db, userId: string, contactIds: string[]): Promise<{ location: string }[]> {
  return db.all<{ location: string }>(sql`
    SELECT DISTINCT c.location FROM json_each(${JSON.stringify(contactIds)}) AS j CROSS JOIN contacts AS c
     WHERE c.id = j.value AND c.user_id = ${userId}
       AND c.location IS NOT NULL AND c.location <> '' AND c.geocoded_location IS NOT c.location`);
}

/** One page of the user's waiting contacts in location order, after the keyset `after`. */
export async function waitingContactsPage(
  db: Db,
  userId: string,
  after: { location: string; rowid: number } | null,
  limit: number,
): Promise<{ id: string; location: string; rowid: number }[]> {
  const keyset = after ? sql`AND (location > ${after.location} OR (location = ${after.location} AND rowid > ${after.rowid}))` : sql``;
  return db.all(sql`
      SELECT id, location, rowid FROM contacts INDEXED BY contacts_geocode_pending
       WHERE user_id = ${userId} AND location IS NOT NULL AND geocoded_location IS NOT location ${keyset}
       ORDER BY location, rowid LIMIT ${limit}`);
}

/** Of the user's contacts with a location: how many, how many on the map, how many waiting. */
export async function geocodingCounts(
  db: Db,
  userId: string,
): Promise<{ with_location: number; geocoded: number; pending: number } | undefined> {
  const [row] = await db.all<{ with_location: number; geocoded: number; pending: number }>(sql`
    SELECT COUNT(*) AS with_location,
           SUM(latitude IS NOT NULL AND geocoded_location IS location) AS geocoded,
           SUM(geocoded_location IS NOT location) AS pending
      FROM contacts WHERE user_id = ${userId} AND location IS NOT NULL`);
  return row;
}

/** One place's final outcome, for every contact of the user waiting on this exact string. */
export interface SettledLocation {
  location: string;
  place: { latitude: number; longitude: number; placeName: string | null } | null;
}

/**
 * Writes each final outcome to every contact of the user still waiting on that exact string, all
 * places in one statement (their outcomes travel as one JSON parameter), so a chunk of 500
 * contacts in 300 places is one write, not 300. The `location = …` match is the
 * compare-before-write: a contact whose location changed while the provider answered keeps its
 * new location pending (its own job is on the queue).
 *
 * The shape is for SQLite's planner, which has no statistics here: in a plain UPDATE … FROM it
 * walks the user's waiting contacts and reads the whole JSON for each (30 s for 10 000 contacts
 * and 500 places, node:sqlite). The materialized CTE walks the places first (CROSS JOIN keeps
 * that order) and finds each place's contacts in contacts_geocode_pending; the update then
 * reaches them by rowid (0.5 s, nearly all of it the search triggers).
 */
export async function settleLocations(db: Db, userId: string, settled: SettledLocation[]): Promise<number> {
  if (settled.length === 0) return 0;
  const rows = settled.map(({ location, place }) => ({
    location,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    place: place?.placeName ?? null,
  }));
  const result = await db.run(sql`
    WITH s AS MATERIALIZED (
      SELECT c.rowid AS contact_rowid, json_extract(j.value, '$.latitude') AS latitude, json_extract(j.value, '$.longitude') AS longitude,
             json_extract(j.value, '$.place') AS place
        FROM json_each(${JSON.stringify(rows)}) AS j CROSS JOIN contacts AS c
       WHERE c.user_id = ${userId} AND c.location = json_extract(j.value, '$.location')
         AND c.location IS NOT NULL AND c.geocoded_location IS NOT c.location)
    UPDATE contacts
       SET latitude = s.latitude, longitude = s.longitude, geocoded_place = s.place, geocoded_location = contacts.location, geocoded_at = ${nowIso()}
      FROM s WHERE contacts.rowid = s.contact_rowid`);
  return result.meta.changes ?? 0;
}
