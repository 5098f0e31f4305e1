import { describe, expect, it } from 'vitest';
import { as, json, type Session, signUp } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { userD1 } from '../support/stores';

// The world view (zoom 4 and below) reads the cells a box holds whole from contact_map_cells
// (migration 0031), kept by triggers, and counts only the contacts of the cells it cuts. A
// filter that keeps everyone (every priority) takes the other way, grouping every contact:
// both must draw the same map.

type Cluster = { latitude: number; longitude: number; count: number; pin?: { id: string; full_name: string }; at_one_point?: true };
const EVERYONE = 'priority=high&priority=medium&priority=low&priority=archived';

const clusters = async (me: Session, bbox: string, zoom: number, filters = '') => {
  const res = await as(me, `/api/v1/contacts/map/clusters?bbox=${bbox}&zoom=${zoom}${filters ? `&${filters}` : ''}`);
  expect(res.status).toBe(200);
  const body = await json<{ data: Cluster[]; meta: { total_in_bounds: number } }>(res);
  const rounded = body.data
    .map((c) => ({ ...c, latitude: Number(c.latitude.toFixed(9)), longitude: Number(c.longitude.toFixed(9)) }))
    .sort((a, b) => a.latitude - b.latitude || a.longitude - b.longitude || a.count - b.count);
  return { clusters: rounded, total: body.meta.total_in_bounds };
};

/** The cells as the table holds them, and as grouping every placed contact computes them. */
const cellsBothWays = async (me: Session) => {
  const db = await userD1(me);
  const cell = '(CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER))';
  const [kept, counted] = await db.batch<{ cell: number; placed: number; lat: number; lng: number; sample: string }>([
    db
      .prepare(
        'SELECT cell, placed, round(latitude_sum, 6) AS lat, round(longitude_sum, 6) AS lng, sample_id AS sample FROM contact_map_cells WHERE user_id = ? ORDER BY cell',
      )
      .bind(me.user.id),
    db
      .prepare(
        `SELECT ${cell} AS cell, count(*) AS placed, round(sum(latitude), 6) AS lat, round(sum(longitude), 6) AS lng, group_concat(id) AS sample
           FROM contacts WHERE user_id = ? AND latitude IS NOT NULL AND longitude IS NOT NULL GROUP BY 1 ORDER BY 1`,
      )
      .bind(me.user.id),
  ]);
  return { kept: kept!.results, counted: counted!.results };
};

const expectCellsKept = async (me: Session) => {
  const { kept, counted } = await cellsBothWays(me);
  expect(kept.map(({ sample: _, ...c }) => c)).toEqual(counted.map(({ sample: _, ...c }) => c));
  // Each cell's sample is one of its own contacts: a cell of one shows that contact's pin.
  kept.forEach((c, i) => expect(counted[i]!.sample.split(',')).toContain(c.sample));
};

/** Pairs of contacts 0.05° either side of each edge of the box, at five points along it. */
function contactsAcrossEdges(bbox: string) {
  const [west, south, east, north] = bbox.split(',').map(Number) as [number, number, number, number];
  const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
  const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
  const width = west <= east ? east - west : east + 360 - west;
  const along = [0.1, 0.3, 0.5, 0.7, 0.9];
  return along.flatMap((t, i) => {
    const lat = clampLat(south + (north - south) * t);
    const lng = wrapLng(west + width * t);
    return [-0.05, 0.05].flatMap((d) => [
      { name: `Edge W${i}${d}`, latitude: lat, longitude: wrapLng(west + d) },
      { name: `Edge E${i}${d}`, latitude: lat, longitude: wrapLng(east + d) },
      { name: `Edge S${i}${d}`, latitude: clampLat(south + d), longitude: lng },
      { name: `Edge N${i}${d}`, latitude: clampLat(north + d), longitude: lng },
    ]);
  });
}

describe('the world view from per-cell totals', () => {
  it('draws the same clusters as grouping every contact, for boxes that hold cells whole, cut them or cross the antimeridian', async () => {
    const me = await signUp();
    const places: [number, number][] = [
      [52.52, 13.4],
      [48.85, 2.35],
      [40.71, -74],
      [35.68, 139.69],
      [-33.87, 151.2],
      [-17.7, 179.99],
      [-13.8, -179.99],
      // On a cell's edges: longitude 0 and latitude 0 start cells; 180 and 90 are the grid's last lines.
      [0, 0],
      [0.703125, 0.703125],
      [89.999, 180],
      [-90, -180],
    ];
    await seedContacts(
      me.user.id,
      Array.from({ length: 330 }, (_, i) => {
        const [lat, lng] = places[i % places.length]!;
        const spread = i % 3 === 0 ? 0 : ((i * 7) % 50) / 1000;
        return {
          name: `W${i}`,
          latitude: Math.max(-90, Math.min(90, lat + spread)),
          longitude: Math.max(-180, Math.min(180, lng - spread)),
          score: i % 10,
          priority: i % 11 === 0 ? ('archived' as const) : ('medium' as const),
        };
      }),
    );
    // One contact alone in its cell: its pin is shown from the cell's sample.
    await seedContacts(me.user.id, [{ name: 'Alone in Reykjavik', latitude: 64.14, longitude: -21.94 }]);
    const views = [
      ['-180,-90,180,90', 0],
      ['-180,-90,180,90', 3],
      ['-170.1,-57.7,178.2,79.9', 2],
      ['-20.3,30.1,50.7,65.2', 4],
      ['2.3,48.8,13.45,52.55', 4],
      ['170,-60,-170,60', 3],
      ['-0.5,-0.5,0.7,0.7', 4],
    ] as const;
    // Contacts just inside and just outside every edge of every box: the cells those edges cut
    // hold both, and only the ones inside may count.
    await seedContacts(
      me.user.id,
      views.flatMap(([bbox]) => contactsAcrossEdges(bbox)),
    );
    for (const [bbox, zoom] of views) {
      const fromCells = await clusters(me, bbox, zoom);
      const grouped = await clusters(me, bbox, zoom, EVERYONE);
      expect(fromCells, `${bbox} at zoom ${zoom}`).toEqual(grouped);
      expect(fromCells.clusters.reduce((n, c) => n + c.count, 0)).toBe(fromCells.total);
    }
    const world = await clusters(me, '-180,-90,180,90', 2);
    expect(world.total).toBeGreaterThan(331);
    const iceland = await clusters(me, '-30,60,-10,70', 4);
    expect(iceland.clusters.find((c) => c.pin?.full_name === 'Alone in Reykjavik')).toMatchObject({ count: 1 });
  });

  it('keeps each cell right through placing, moving, unplacing, merging and deleting contacts', async () => {
    const me = await signUp();
    const ids = await seedContacts(me.user.id, [
      { name: 'Berlin A', latitude: 52.52, longitude: 13.4 },
      { name: 'Berlin B', latitude: 52.53, longitude: 13.41 },
      { name: 'Paris', latitude: 48.85, longitude: 2.35 },
      { name: 'Unplaced', location: 'Somewhere' },
      { name: 'Tokyo', latitude: 35.68, longitude: 139.69 },
    ]);
    const [berlinA, berlinB, paris, unplaced, tokyo] = ids as [string, string, string, string, string];
    await expectCellsKept(me);
    const db = await userD1(me);
    const place = (id: string, lat: number | null, lng: number | null) =>
      db.prepare('UPDATE contacts SET latitude = ?, longitude = ? WHERE id = ?').bind(lat, lng, id).run();
    await place(unplaced, 52.52, 13.4); // geocoded into Berlin's cell
    await expectCellsKept(me);
    await place(berlinA, 52.5201, 13.4001); // moved within its cell, while its cell's sample
    await place(paris, 40.71, -74); // moved to another cell: Paris' cell goes
    await expectCellsKept(me);
    await place(tokyo, null, null); // unplaced: Tokyo's cell goes
    await expectCellsKept(me);
    const merged = await as(me, `/api/v1/contacts/${berlinA}/merge`, { method: 'POST', json: { other_id: berlinB } });
    expect(merged.status).toBe(200);
    await expectCellsKept(me);
    const deleted = await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: [berlinA, unplaced], action: 'delete' } });
    expect(deleted.status).toBe(200);
    await expectCellsKept(me);
    expect((await cellsBothWays(me)).kept).toEqual([expect.objectContaining({ placed: 1, sample: paris })]);
    const world = await clusters(me, '-180,-90,180,90', 1);
    expect(world.clusters).toEqual([expect.objectContaining({ count: 1, pin: expect.objectContaining({ id: paris }) })]);
  });
});
