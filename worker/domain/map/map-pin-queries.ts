import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { longitudeRanges, type MapBox } from './map-box';
import { placedBoundsSql, WORLD_CELL } from './placed-bounds-queries';
import { wholeCellsCondition } from './whole-cells-queries';
import { cellsOfBox, columnsOfBox, ROWS_PER_COLUMN } from './world-cells';

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
 * A statement over the user's placed contacts in the box, archived ones too (API.md), or of the
 * subset: read one column of world cells at a time through contacts_user_map_cell
 * (columnsOfBox). The index holds the coordinates, so a count reads no contact row. CROSS JOIN
 * keeps the columns outside: SQLite put json_each inside and read every placed contact (97 ms).
 */
function inBoxByColumns(select: SQL, userId: string, box: MapBox, subset?: MapSubset): SQL {
  const { columns, rows } = columnsOfBox(box);
  return sql`WITH col(x) AS (SELECT value FROM json_each(${JSON.stringify(columns)}))
    SELECT ${select} FROM col CROSS JOIN contacts INDEXED BY contacts_user_map_cell
     WHERE user_id = ${userId} AND ${WORLD_CELL} BETWEEN col.x * ${ROWS_PER_COLUMN} + ${rows[0]} AND col.x * ${ROWS_PER_COLUMN} + ${rows[1]}
       AND ${insideBox(box)}${inSubset(subset)}`;
}

/**
 * How many of the user's placed contacts are in the box, or of the subset. Without a subset the
 * cells the box holds whole are counted by contact_map_cells (migration 0031), a row per cell,
 * and only the contacts of the cells along its edges one by one; a box around the whole network
 * (the world view) holds every placed contact, whose number migration 0030's totals keep.
 * SQLite evaluates only the CASE branch it takes.
 */
export async function countInBox(db: Db, userId: string, box: MapBox, subset?: MapSubset): Promise<number> {
  if (subset) {
    const [row] = await db.all<{ n: number }>(inBoxByColumns(sql`COUNT(*) AS n`, userId, box, subset));
    return row?.n ?? 0;
  }
  const { whole, cut } = cellsOfBox(box);
  const wholeCells = whole.length
    ? sql`(SELECT coalesce(SUM(placed), 0) FROM contact_map_cells WHERE user_id = ${userId} AND ${wholeCellsCondition(whole)})`
    : sql`0`;
  const edgeCells = cut.length
    ? sql`(SELECT COUNT(*) FROM contacts INDEXED BY contacts_user_map_cell
          WHERE user_id = ${userId} AND ${WORLD_CELL} IN (SELECT value FROM json_each(${JSON.stringify(cut)})) AND ${insideBox(box)})`
    : sql`0`;
  const counted = sql`${wholeCells} + ${edgeCells}`;
  const [row] = await db.all<{ n: number }>(
    box.minLng > box.maxLng
      ? sql`SELECT ${counted} AS n`
      : sql`SELECT CASE WHEN b.south >= ${box.minLat} AND b.north <= ${box.maxLat} AND b.west >= ${box.minLng} AND b.east <= ${box.maxLng}
            THEN (SELECT placed FROM contact_totals WHERE user_id = ${userId}) ELSE ${counted} END AS n
          FROM (${placedBoundsSql(userId)}) b`,
  );
  return row?.n ?? 0;
}

/**
 * The `limit` best-scored contacts in the box, and how many are inside in all. With many in
 * the box, walking the user's placed contacts by score finds the best after a few thousand
 * entries (PERFORMANCE.md); with fewer, the box's own cells hold them all.
 */
export async function pinsInBox(
  db: Db,
  userId: string,
  box: MapBox,
  limit: number,
  subset?: MapSubset,
): Promise<{ pins: Pin[]; totalInBounds: number }> {
  const totalInBounds = await countInBox(db, userId, box, subset);
  if (totalInBounds === 0) return { pins: [], totalInBounds };
  const best = sql`ORDER BY relationship_score DESC, id LIMIT ${Math.min(limit, MAX_PINS)}`;
  const columns = sql`id, full_name, avatar_url, latitude, longitude, relationship_score`;
  // The cells' contacts are read row by row for their score anyway: the pins come with them.
  const pins = await db.all<Pin>(
    totalInBounds >= SCORE_WALK_FROM
      ? sql`SELECT ${columns} FROM contacts WHERE id IN (
          SELECT id FROM contacts INDEXED BY contacts_user_score_geo WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)} ${best})
        ORDER BY relationship_score DESC, id`
      : sql`${inBoxByColumns(columns, userId, box, subset)} ${best}`,
  );
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
