import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { timeZoneOffsets } from '../../db/schema';

// A time zone's UTC offsets from each change on (time_zone_offsets), shared by every user in it.

/** One row of the zone's offsets if any were written. */
export async function anyZoneOffset(db: Db, timeZone: string) {
  return db.select({ z: timeZoneOffsets.timeZone }).from(timeZoneOffsets).where(eq(timeZoneOffsets.timeZone, timeZone)).limit(1).get();
}

/** Writes offsets, keeping any already there. */
export function insertZoneOffsets(db: Db, rows: (typeof timeZoneOffsets.$inferInsert)[]) {
  return db.insert(timeZoneOffsets).values(rows).onConflictDoNothing();
}
