import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { longitudeRanges, type MapBox } from './map-box';
import { placedBoundsSql } from './placed-bounds-queries';

/** A contact on the map (API.md "Map"). */
export interface Pin {
  id: string;
  full_name: string;
  avatar_url: string | null;
  latitude: number;
  longitude: number;
  relationship_score: number;
}

export const MAX_PINS = 500;
/**
 * PERFORMANCE.md: with many contacts in the box, walking contacts by score finds the top
 * 500 after a few thousand index entries; with few, the position index reads only them.
 */
const SCORE_WALK_FROM = 5000;

/** `latitude BETWEEN … AND (longitude in one of the ranges)`, for either index. */
export function insideBox(box: MapBox): SQL {
  const ranges = longitudeRanges(box).map(([from, to]) => sql`longitude BETWEEN ${from} AND ${to}`);
  return sql`latitude IS NOT NULL AND latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND (${sql.join(ranges, sql` OR `)})`;
}

/**
 * The contacts a map shows: all of the user's, or only those of a filtered list (the rowids
 * of listedRowidsSql, "show on map" from the contact list).
 */
export type MapSubset = SQL | null;

/** The condition keeping a map query to the subset, appended after the box. */
export const inSubset = (subset: MapSubset | undefined): SQL => (subset ? sql` AND rowid IN (${subset})` : sql``);

/**
 * Every contact with coordinates in the box, archived ones too (API.md), or of the subset. A box
 * around the whole network (the world view) holds every placed contact: their number is read
 * from migration 0030's totals instead of counted (500 000 contacts: 50 ms in node:sqlite).
 * SQLite evaluates only the CASE branch it takes.
 */
export async function countInBox(db: Db, userId: string, box: MapBox, subset?: MapSubset): Promise<number> {
  const counted = sql`SELECT COUNT(*) FROM contacts INDEXED BY contacts_user_geo WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)}`;
  const [row] = await db.all<{ n: number }>(
    subset || box.minLng > box.maxLng
      ? sql`SELECT (${counted}) AS n`
      : sql`SELECT CASE WHEN b.south >= ${box.minLat} AND b.north <= ${box.maxLat} AND b.west >= ${box.minLng} AND b.east <= ${box.maxLng}
            THEN (SELECT placed FROM contact_totals WHERE user_id = ${userId}) ELSE (${counted}) END AS n
          FROM (${placedBoundsSql(userId)}) b`,
  );
  return row?.n ?? 0;
}

/** The `limit` best-scored contacts in the box, and how many are inside in all. */
export async function pinsInBox(
  db: Db,
  userId: string,
  box: MapBox,
  limit: number,
  subset?: MapSubset,
): Promise<{ pins: Pin[]; totalInBounds: number }> {
  const totalInBounds = await countInBox(db, userId, box, subset);
  if (totalInBounds === 0) return { pins: [], totalInBounds };
  const index = totalInBounds >= SCORE_WALK_FROM ? sql`contacts_user_score_geo` : sql`contacts_user_geo`;
  const pins = await db.all<Pin>(sql`
    SELECT id, full_name, avatar_url, latitude, longitude, relationship_score FROM contacts
     WHERE id IN (
       SELECT id FROM contacts INDEXED BY ${index}
        WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)}
        ORDER BY relationship_score DESC, id LIMIT ${Math.min(limit, MAX_PINS)})
     ORDER BY relationship_score DESC, id`);
  return { pins, totalInBounds };
}

/**
 * Pins by id, for the clusters that hold a single contact: one statement, the ids as one
 * JSON parameter. `+user_id`: SQLite otherwise rated `user_id = ?` as selective and walked
 * all of the user's contacts per call instead of looking the ids up by key.
 */
export async function pinsById(db: Db, userId: string, ids: string[]): Promise<Map<string, Pin>> {
  const found = new Map<string, Pin>();
  if (ids.length === 0) return found;
  const rows = await db.all<Pin>(sql`
    SELECT id, full_name, avatar_url, latitude, longitude, relationship_score FROM contacts
     WHERE +user_id = ${userId} AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  for (const row of rows) found.set(row.id, row);
  return found;
}
