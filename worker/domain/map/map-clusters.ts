import Supercluster from 'supercluster';
import type { Db } from '../../db/client';
import type { MapBox } from './map-box';
import { cellsInBox, NO_CLUSTERS_FROM_ZOOM, TILE_PX, type Cell } from './map-cell-queries';
import { pinsById, type MapSubset, type Pin } from './map-pin-queries';

/** SPEC §8: cluster radius 50 px. */
export const CLUSTER_RADIUS_PX = 50;

export interface Cluster {
  latitude: number;
  longitude: number;
  count: number;
  pin?: Pin;
  /** Every member is at the very same point (one city's geocode): no zoom splits the group. */
  at_one_point?: true;
}

type CellProps = { count: number; latSum: number; lngSum: number; firstId: string; onePoint: boolean; lat: number; lng: number };

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
      properties: {
        count: c.n,
        latSum: c.lat_sum,
        lngSum: c.lng_sum,
        firstId: c.first_id,
        onePoint: c.one_point === 1,
        lat: c.lat,
        lng: c.lng,
      },
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
export async function clustersInBox(
  db: Db,
  userId: string,
  box: MapBox,
  zoom: number,
  subset?: MapSubset,
): Promise<{ clusters: Cluster[]; totalInBounds: number }> {
  const z = Math.max(0, Math.floor(zoom));
  const cells = await cellsInBox(db, userId, box, z, subset);
  const groups: Group[] =
    z >= NO_CLUSTERS_FROM_ZOOM
      ? cells.map((c) => ({ latitude: c.lat, longitude: c.lng, count: 1, firstId: c.first_id, onePoint: true }))
      : mergeCells(cells, z);
  const pins = await pinsById(
    db,
    userId,
    groups.filter((g) => g.count === 1).map((g) => g.firstId),
  );
  const clusters = groups.map(({ firstId, onePoint, ...group }): Cluster => {
    const pin = group.count === 1 ? pins.get(firstId) : undefined;
    if (pin) return { ...group, pin };
    return onePoint && group.count > 1 ? { ...group, at_one_point: true } : group;
  });
  const totalInBounds = clusters.reduce((n, c) => n + c.count, 0);
  return { clusters, totalInBounds };
}
