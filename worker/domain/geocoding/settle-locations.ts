import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';

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
  const rows = settled.map(({ location, place }) => ({ location, latitude: place?.latitude ?? null, longitude: place?.longitude ?? null, place: place?.placeName ?? null }));
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
