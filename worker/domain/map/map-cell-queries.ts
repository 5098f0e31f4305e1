import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MapBox } from './map-box';
import { insideBox, inSubset, type MapSubset } from './map-pin-queries';
import { WORLD_CELL } from './placed-bounds-queries';
import { wholeCellsCondition } from './whole-cells-queries';
import { cellsOfBox } from './world-cells';

/** SPEC §8: clusters disappear at zoom 14 and above. */
export const NO_CLUSTERS_FROM_ZOOM = 14;
/** mapbox-gl tiles are 512 px wide: at zoom z the world is 512 * 2^z px. */
export const TILE_PX = 512;
// SQL groups contacts into cells this wide; supercluster then merges cells 50 px apart.
// Small against the radius, so a cell's centre stands in well for its members.
const CELL_PX = 16;

/** A grid cell of contacts: how many, the sums of their coordinates, and its smallest id. */
export interface Cell {
  n: number;
  lat_sum: number;
  lng_sum: number;
  first_id: string;
  /** 1 when every contact of the cell has the same coordinates, which are then (lat, lng). */
  one_point: number;
  lat: number;
  lng: number;
}

const WORLD_CELL_MAX_ZOOM = 4;

const CELL_COLUMNS = sql.raw(`COUNT(*) AS n, SUM(latitude) AS lat_sum, SUM(longitude) AS lng_sum, MIN(id) AS first_id,
  MIN(latitude) = MAX(latitude) AND MIN(longitude) = MAX(longitude) AS one_point, MIN(latitude) AS lat, MIN(longitude) AS lng`);
// The world view skips the one-point check: its four extra aggregates cost 40 % of that query
// (67 -> 96 ms at 100 000 contacts in the bench). A one-city bubble there zooms in like any
// other, and says it cannot split from zoom 5 on.
const WORLD_CELL_COLUMNS = sql.raw(
  'COUNT(*) AS n, SUM(latitude) AS lat_sum, SUM(longitude) AS lng_sum, MIN(id) AS first_id, 0 AS one_point, 0 AS lat, 0 AS lng',
);

/** Grid aggregation in SQL, covered by contacts_user_geo (PERFORMANCE.md: keep it covered). */
export async function cellsInBox(db: Db, userId: string, box: MapBox, zoom: number, subset: MapSubset | undefined): Promise<Cell[]> {
  if (zoom >= NO_CLUSTERS_FROM_ZOOM) {
    // No clustering: every contact is a group of its own, even where several share a point
    // (the page stacks those and lists them).
    return db.all<Cell>(sql`
      SELECT 1 AS n, latitude AS lat_sum, longitude AS lng_sum, id AS first_id, 1 AS one_point, latitude AS lat, longitude AS lng
        FROM contacts INDEXED BY contacts_user_geo
       WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)}`);
  }
  if (zoom <= WORLD_CELL_MAX_ZOOM) {
    if (!subset) return db.all<Cell>(worldCellsSql(userId, box));
    // A filtered list's contacts: the cells come in index order, so the grouping streams
    // instead of sorting every contact (world view of 100 000 contacts: 17 ms instead of 55-90 ms).
    return db.all<Cell>(sql`
      SELECT ${WORLD_CELL_COLUMNS}
        FROM contacts INDEXED BY contacts_user_map_cell
       WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)}
       GROUP BY ${WORLD_CELL}`);
  }
  const cellDegrees = (360 * CELL_PX) / (TILE_PX * 2 ** zoom);
  return db.all<Cell>(sql`
    SELECT ${CELL_COLUMNS}
      FROM contacts INDEXED BY contacts_user_geo
     WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)}
     GROUP BY CAST((longitude + 180) / ${cellDegrees} AS INTEGER), CAST((latitude + 90) / ${cellDegrees} AS INTEGER)`);
}

/**
 * The world grid cells of every placed contact in the box: the cells the box holds whole are
 * read from contact_map_cells (migration 0031), a row per cell; only the contacts of the cells
 * it cuts are read one by one, through contacts_user_map_cell (the world view of 500 000 contacts:
 * 100 ms -> 1 ms in node:sqlite). The same cells, counts and sums as grouping every contact.
 */
function worldCellsSql(userId: string, box: MapBox): SQL {
  const { whole, cut } = cellsOfBox(box);
  const parts: SQL[] = [];
  if (whole.length) {
    parts.push(sql`SELECT placed AS n, latitude_sum AS lat_sum, longitude_sum AS lng_sum, sample_id AS first_id, 0 AS one_point, 0 AS lat, 0 AS lng
        FROM contact_map_cells WHERE user_id = ${userId} AND ${wholeCellsCondition(whole)}`);
  }
  if (cut.length) {
    parts.push(sql`SELECT ${WORLD_CELL_COLUMNS}
        FROM contacts INDEXED BY contacts_user_map_cell
       WHERE user_id = ${userId} AND ${WORLD_CELL} IN (SELECT value FROM json_each(${JSON.stringify(cut)})) AND ${insideBox(box)}
       GROUP BY ${WORLD_CELL}`);
  }
  return parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT 0 AS n WHERE 0`;
}
