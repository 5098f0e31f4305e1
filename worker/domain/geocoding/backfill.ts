import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../deps';

const PAGE = 1000;
// Queues take at most 100 messages per sendBatch.
const SEND_BATCH = 100;

/**
 * Enqueues `geocode_contact` for every contact of the user not yet geocoded (SPEC §1
 * "Backfill"). Ordered by location, so the contacts of one place travel in the same
 * batches and the first settles them all (see settleLocation).
 */
export async function enqueuePendingGeocodes(deps: Deps, userId: string): Promise<number> {
  let enqueued = 0;
  let after: { location: string; rowid: number } | null = null;
  for (;;) {
    const keyset = after ? sql`AND (location > ${after.location} OR (location = ${after.location} AND rowid > ${after.rowid}))` : sql``;
    const rows: { id: string; location: string; rowid: number }[] = await deps.db.all(sql`
      SELECT id, location, rowid FROM contacts INDEXED BY contacts_geocode_pending
       WHERE user_id = ${userId} AND location IS NOT NULL AND geocoded_location IS NOT location ${keyset}
       ORDER BY location, rowid LIMIT ${PAGE}`);
    if (rows.length === 0) break;
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < rows.length; i += SEND_BATCH) {
      const messages = rows.slice(i, i + SEND_BATCH).map((row) => ({ body: { type: 'geocode_contact' as const, user_id: userId, contact_id: row.id } }));
      sends.push(deps.jobs.sendBatch(messages));
    }
    await Promise.all(sends);
    enqueued += rows.length;
    const last = rows[rows.length - 1]!;
    after = { location: last.location, rowid: last.rowid };
    if (rows.length < PAGE) break;
  }
  return enqueued;
}

export interface GeocodingProgress {
  /** Contacts with a location. */
  withLocation: number;
  /** Of those, on the map. */
  geocoded: number;
  /** Of those, settled without a place (free text, unknown). */
  noResult: number;
  /** Of those, waiting for the geocoding job. */
  pending: number;
}

/** What Settings shows about geocoding; counted live, so it is never out of step. */
export async function geocodingProgress(db: Db, userId: string): Promise<GeocodingProgress> {
  const [row] = await db.all<{ with_location: number; geocoded: number; pending: number }>(sql`
    SELECT COUNT(*) AS with_location,
           SUM(latitude IS NOT NULL AND geocoded_location IS location) AS geocoded,
           SUM(geocoded_location IS NOT location) AS pending
      FROM contacts WHERE user_id = ${userId} AND location IS NOT NULL`);
  const withLocation = row?.with_location ?? 0;
  const geocoded = row?.geocoded ?? 0;
  const pending = row?.pending ?? 0;
  return { withLocation, geocoded, pending, noResult: withLocation - geocoded - pending };
}
