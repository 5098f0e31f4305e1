import { sql, type SQL } from 'drizzle-orm';

/**
 * The fixed grid cell of a contact, the key of contacts_user_map_cell (migrations/0013_speed.sql):
 * SQLite uses that index only for this exact expression, so change both together. Cells are
 * 0.703125° (the CELL_PX grid at zoom 4) on the same origin, so at zoom 4 and below each
 * zoom's grid cell is a whole number of them; supercluster merges what lies 50 px apart.
 * The longitude's cell comes first: 512 latitude cells to each.
 */
export const WORLD_CELL = sql.raw('(CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER))');

/**
 * One row (west, south, east, north): the box around every placed contact of the user, all
 * NULL when none is placed. Seven index seeks instead of a read of every placed contact
 * (500 000: 69 -> 0.1 ms, node:sqlite): south and north are the ends of contacts_user_geo;
 * the west- and eastmost cells the ends of contacts_user_map_cell, and the box's edges the
 * extreme longitudes inside those two columns of cells.
 */
export function placedBoundsSql(userId: string): SQL {
  const geo = sql`FROM contacts INDEXED BY contacts_user_geo WHERE user_id = ${userId} AND latitude IS NOT NULL`;
  const cells = sql`FROM contacts INDEXED BY contacts_user_map_cell WHERE user_id = ${userId} AND latitude IS NOT NULL`;
  return sql`WITH edge AS (SELECT (SELECT MIN(${WORLD_CELL}) ${cells}) / 512 AS w, (SELECT MAX(${WORLD_CELL}) ${cells}) / 512 AS e)
    SELECT (SELECT MIN(longitude) ${cells} AND ${WORLD_CELL} BETWEEN edge.w * 512 AND edge.w * 512 + 511) AS west,
           (SELECT MIN(latitude) ${geo}) AS south,
           (SELECT MAX(longitude) ${cells} AND ${WORLD_CELL} BETWEEN edge.e * 512 AND edge.e * 512 + 511) AS east,
           (SELECT MAX(latitude) ${geo}) AS north
      FROM edge`;
}
