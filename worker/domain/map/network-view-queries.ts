import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { inSubset, type MapSubset } from './map-pin-queries';
import { placedBoundsSql } from './placed-bounds-queries';

/** The box holding every placed contact of the user, or null when none is placed. */
export interface NetworkBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface UnplacedContact {
  id: string;
  full_name: string;
  location: string;
}

/** How many contacts show on the list of those the map cannot place. */
export const UNPLACED_SHOWN = 50;

// Settled with no place: a location, no coordinates, and the geocoder's verdict is on that
// very location (a pending one has geocoded_location behind its location). Word for word the
// condition of the partial index contacts_user_unplaced (migration 0028): change both together.
const NOT_PLACED = sql.raw('location IS NOT NULL AND latitude IS NULL AND geocoded_location IS location');

/**
 * The three reads behind the map page, in this order: the box around the user's placed
 * contacts (index seeks; with a subset, a read of its placed contacts), how many contacts could
 * not be placed, and the first of them by name. The unplaced reads name their partial index:
 * without statistics SQLite chose contacts_user_name instead, a walk of every contact of the user
 * (100 000: 1.5 s against 1 ms).
 */
export function networkViewStatements(userId: string, subset?: MapSubset): SQL[] {
  const only = inSubset(subset);
  const unplaced = sql`FROM contacts INDEXED BY contacts_user_unplaced WHERE user_id = ${userId} AND ${NOT_PLACED}${only}`;
  return [
    subset
      ? sql`SELECT MIN(longitude) AS west, MIN(latitude) AS south, MAX(longitude) AS east, MAX(latitude) AS north
          FROM contacts INDEXED BY contacts_user_geo WHERE user_id = ${userId} AND latitude IS NOT NULL${only}`
      : placedBoundsSql(userId),
    sql`SELECT count(*) AS n ${unplaced}`,
    sql`SELECT id, full_name, location ${unplaced} ORDER BY name_sort, id LIMIT ${UNPLACED_SHOWN}`,
  ];
}

/**
 * What the map opens on, in one round trip: the box around the user's placed contacts and the
 * contacts whose location could not be placed, so the page can say so instead of leaving them
 * silently off the map. With a subset (a filtered list), both are of its contacts only.
 */
export async function networkView(
  db: Db,
  userId: string,
  subset?: MapSubset,
): Promise<{ bounds: NetworkBounds | null; unplaced: { total: number; contacts: UnplacedContact[] } }> {
  const [boxRows, countRows, unplacedRows] = await runStatements(db, networkViewStatements(userId, subset));
  const box = boxRows?.results[0] as { west: number | null; south: number | null; east: number | null; north: number | null } | undefined;
  const bounds =
    box && box.west !== null && box.south !== null && box.east !== null && box.north !== null
      ? { west: box.west, south: box.south, east: box.east, north: box.north }
      : null;
  return {
    bounds,
    unplaced: { total: Number(countRows?.results[0]?.n ?? 0), contacts: (unplacedRows?.results ?? []) as unknown as UnplacedContact[] },
  };
}
