import { sql } from 'drizzle-orm';
import Supercluster from 'supercluster';
import type { Db } from '../../db/client';
import type { MapBox } from './map-box';
import { insideBox, inSubset, pinsById, type MapSubset, type Pin } from './map-pins';

/** SPEC §8: cluster radius 50 px; clusters disappear at zoom 14 and above. */
export const CLUSTER_RADIUS_PX = 50;
export const NO_CLUSTERS_FROM_ZOOM = 14;
// mapbox-gl tiles are 512 px wide: at zoom z the world is 512 * 2^z px.
const TILE_PX = 512;
// SQL groups contacts into cells this wide; supercluster then merges cells 50 px apart.
// Small against the radius, so a cell's centre stands in well for its members.
const CELL_PX = 16;

export interface Cluster {
  latitude: number;
  longitude: number;
  count: number;
  pin?: Pin;
  /** Every member is at the very same point (one city's geocode): no zoom splits the group. */
  at_one_point?: true;
}

/**
 * The fixed grid cell of a contact, the key of contacts_user_map_cell (migrations/0013_speed.sql):
 * SQLite uses that index only for this exact expression, so change both together. Cells are
 * 0.703125° (the CELL_PX grid at zoom 4) on the same origin, so at zoom 4 and below each
 * zoom's grid cell is a whole number of them; supercluster merges what lies 50 px apart.
 */
const WORLD_CELL = sql.raw('(CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER))');
const WORLD_CELL_MAX_ZOOM = 4;

interface Cell {
  n: number;
  lat_sum: number;
  lng_sum: number;
  first_id: string;
  /** 1 when every contact of the cell has the same coordinates, which are then (lat, lng). */
  one_point: number;
  lat: number;
  lng: number;
}

type CellProps = { count: number; latSum: number; lngSum: number; firstId: string; onePoint: boolean; lat: number; lng: number };

const CELL_COLUMNS = sql.raw(`COUNT(*) AS n, SUM(latitude) AS lat_sum, SUM(longitude) AS lng_sum, MIN(id) AS first_id,
  MIN(latitude) = MAX(latitude) AND MIN(longitude) = MAX(longitude) AS one_point, MIN(latitude) AS lat, MIN(longitude) AS lng`);
// The world view skips the one-point check: its four extra aggregates cost 40 % of that query
// (67 -> 96 ms at 100 000 contacts in the bench). A one-city bubble there zooms in like any
// other, and says it cannot split from zoom 5 on.
const WORLD_CELL_COLUMNS = sql.raw('COUNT(*) AS n, SUM(latitude) AS lat_sum, SUM(longitude) AS lng_sum, MIN(id) AS first_id, 0 AS one_point, 0 AS lat, 0 AS lng');

/** Grid aggregation in SQL, covered by contacts_user_geo (PERFORMANCE.md: keep it covered). */
async function cellsInBox(db: Db, userId: string, box: MapBox, zoom: number, subset: MapSubset | undefined): Promise<Cell[]> {
  if (zoom >= NO_CLUSTERS_FROM_ZOOM) {
    // No clustering: every contact is a group of its own, even where several share a point
    // (the page stacks those and lists them).
    return db.all<Cell>(sql`
      SELECT 1 AS n, latitude AS lat_sum, longitude AS lng_sum, id AS first_id, 1 AS one_point, latitude AS lat, longitude AS lng
        FROM contacts INDEXED BY contacts_user_geo
       WHERE user_id = ${userId} AND ${insideBox(box)}${inSubset(subset)}`);
  }
  if (zoom <= WORLD_CELL_MAX_ZOOM) {
    // Large views: the cells come in index order, so the grouping streams instead of
    // sorting every contact (world view of 100 000 contacts: 17 ms instead of 55-90 ms).
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

interface Group {
  latitude: number;
  longitude: number;
  count: number;
  firstId: string;
  onePoint: boolean;
}

function mergeCells(cells: Cell[], zoom: number): Group[] {
  const index = new Supercluster<CellProps, CellProps>({
    radius: CLUSTER_RADIUS_PX,
    extent: TILE_PX,
    minZoom: zoom,
    maxZoom: zoom,
    map: (p) => ({ ...p }),
    reduce: (acc, p) => {
      acc.count += p.count;
      acc.latSum += p.latSum;
      acc.lngSum += p.lngSum;
      if (p.firstId < acc.firstId) acc.firstId = p.firstId;
      acc.onePoint = acc.onePoint && p.onePoint && acc.lat === p.lat && acc.lng === p.lng;
    },
  });
  index.load(
    cells.map((c) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [c.lng_sum / c.n, c.lat_sum / c.n] },
      properties: { count: c.n, latSum: c.lat_sum, lngSum: c.lng_sum, firstId: c.first_id, onePoint: c.one_point === 1, lat: c.lat, lng: c.lng },
    })),
  );
  return index.getClusters([-180, -90, 180, 90], zoom).map((f) => {
    const p = f.properties;
    return p.onePoint
      ? { latitude: p.lat, longitude: p.lng, count: p.count, firstId: p.firstId, onePoint: true }
      : { latitude: p.latSum / p.count, longitude: p.lngSum / p.count, count: p.count, firstId: p.firstId, onePoint: false };
  });
}

/**
 * Clusters over every contact in the box (or every one of the subset) at this zoom (API.md
 * "Map"): the counts sum to the contacts inside, however many there are; a group of one
 * carries its Pin.
 */
export async function clustersInBox(db: Db, userId: string, box: MapBox, zoom: number, subset?: MapSubset): Promise<{ clusters: Cluster[]; totalInBounds: number }> {
  const z = Math.max(0, Math.floor(zoom));
  const cells = await cellsInBox(db, userId, box, z, subset);
  const groups: Group[] =
    z >= NO_CLUSTERS_FROM_ZOOM
      ? cells.map((c) => ({ latitude: c.lat, longitude: c.lng, count: 1, firstId: c.first_id, onePoint: true }))
      : mergeCells(cells, z);
  const pins = await pinsById(db, userId, groups.filter((g) => g.count === 1).map((g) => g.firstId));
  const clusters = groups.map(({ firstId, onePoint, ...group }): Cluster => {
    const pin = group.count === 1 ? pins.get(firstId) : undefined;
    if (pin) return { ...group, pin };
    return onePoint && group.count > 1 ? { ...group, at_one_point: true } : group;
  });
  const totalInBounds = clusters.reduce((n, c) => n + c.count, 0);
  return { clusters, totalInBounds };
}
