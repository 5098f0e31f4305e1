import { describe, expect, it } from 'vitest';
import { as, call, json, signUp } from '../support/client';
import { seedContacts } from '../support/map-seed';

const pinsIn = async (me: Awaited<ReturnType<typeof signUp>>, query: string) => {
  const res = await as(me, `/api/v1/contacts/map?${query}`);
  expect(res.status).toBe(200);
  return json<{
    data: { id: string; full_name: string; relationship_score: number; latitude: number; longitude: number }[];
    meta: { total_in_bounds: number };
  }>(res);
};

describe('GET /map/config', () => {
  it('needs sign-in and answers null when no public token is set', async () => {
    expect((await call('/api/v1/map/config')).status).toBe(401);
    const me = await signUp();
    expect(await json(await as(me, '/api/v1/map/config'))).toEqual({ data: { map_provider_public_token: null } });
  });
});

describe('GET /contacts/map', () => {
  it.each([
    'bbox=1,2,3',
    'bbox=1,2,3,4,5',
    'bbox=a,b,c,d',
    'bbox=0,-91,10,10',
    'bbox=0,0,10,91',
    'bbox=-181,0,10,10',
    'bbox=0,0,180.5,10',
    'bbox=0,20,10,10',
    'bbox=1,,3,4',
    'bbox=',
    '',
    'bbox=0,0,10,10&limit=0',
    'bbox=0,0,10,10&limit=abc',
  ])('refuses a malformed request (%s) with 400 invalid_request', async (query) => {
    const me = await signUp();
    const res = await as(me, `/api/v1/contacts/map?${query}`);
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('invalid_request');
  });

  it('returns the contacts in the box, best score first then id, and counts archived ones too', async () => {
    const me = await signUp();
    await seedContacts(me.user.id, [
      { name: 'Low', latitude: 48.85, longitude: 2.35, score: 1 },
      { name: 'High', latitude: 52.52, longitude: 13.4, score: 9 },
      { name: 'Archived', latitude: 41.9, longitude: 12.5, score: 5, priority: 'archived' },
      { name: 'Tokyo', latitude: 35.68, longitude: 139.69, score: 10 },
      { name: 'Unplaced', location: 'Nowhere' },
    ]);
    const { data, meta } = await pinsIn(me, 'bbox=-10,35,30,60');
    expect(data.map((p) => p.full_name)).toEqual(['High', 'Archived', 'Low']);
    expect(meta.total_in_bounds).toBe(3);
    expect(Object.keys(data[0]!).sort()).toEqual(
      ['avatar_url', 'full_name', 'id', 'latitude', 'latitude', 'longitude', 'relationship_score']
        .filter((k, i, a) => a.indexOf(k) === i)
        .sort(),
    );
  });

  it('caps the pins at 500 (a larger limit is clamped) while total_in_bounds counts them all', async () => {
    const me = await signUp();
    await seedContacts(
      me.user.id,
      Array.from({ length: 620 }, (_, i) => ({
        name: `C${i}`,
        latitude: 40 + (i % 50) / 10,
        longitude: -3 + (i % 31) / 10,
        score: (i * 7) % 11,
      })),
    );
    const all = await pinsIn(me, 'bbox=-10,35,10,50&limit=10000');
    expect(all.data).toHaveLength(500);
    expect(all.meta.total_in_bounds).toBe(620);
    const scores = all.data.map((p) => p.relationship_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byDefault = await pinsIn(me, 'bbox=-10,35,10,50');
    expect(byDefault.data.map((p) => p.id)).toEqual(all.data.map((p) => p.id));
    const few = await pinsIn(me, 'bbox=-10,35,10,50&limit=20');
    expect(few.data.map((p) => p.id)).toEqual(all.data.slice(0, 20).map((p) => p.id));
  });

  it('takes the same top contacts whichever index serves the box', async () => {
    const me = await signUp();
    // 6 000 contacts: above the threshold where the box walks contacts by score.
    await seedContacts(
      me.user.id,
      Array.from({ length: 6000 }, (_, i) => ({
        name: `W${i}`,
        latitude: -60 + (i % 120),
        longitude: -170 + ((i * 13) % 340),
        score: ((i * 37) % 101) / 10,
      })),
    );
    const world = await pinsIn(me, 'bbox=-180,-90,180,90');
    expect(world.meta.total_in_bounds).toBe(6000);
    const half = await pinsIn(me, 'bbox=-180,0,180,90');
    expect(half.meta.total_in_bounds).toBeLessThan(6000);
    const small = await pinsIn(me, 'bbox=-20,-5,20,5');
    expect(small.meta.total_in_bounds).toBeLessThan(5000);
    for (const result of [world, half, small]) {
      const sorted = [...result.data].sort((a, b) => b.relationship_score - a.relationship_score || (a.id < b.id ? -1 : 1));
      expect(result.data.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    }
    expect(world.data[0]!.relationship_score).toBe(10);
  });

  it('handles a box across the antimeridian (minLng > maxLng)', async () => {
    const me = await signUp();
    await seedContacts(me.user.id, [
      { name: 'Fiji', latitude: -17.7, longitude: 178.1 },
      { name: 'Samoa', latitude: -13.8, longitude: -171.8 },
      { name: 'Sydney', latitude: -33.9, longitude: 151.2 },
    ]);
    const { data, meta } = await pinsIn(me, 'bbox=170,-30,-165,0');
    expect(data.map((p) => p.full_name).sort()).toEqual(['Fiji', 'Samoa']);
    expect(meta.total_in_bounds).toBe(2);
  });

  // The box is read a column of 0.703125° world cells at a time (columnsOfBox) and counted from
  // whole cells and the cells its edges cut (cellsOfBox): contacts on and beside cell edges,
  // and boxes whose edges fall on them, must come out exactly as a plain comparison says.
  it('finds exactly the contacts inside boxes whose edges cut cells or lie on their edges, with or without a filter', async () => {
    const me = await signUp();
    const cell = 0.703125;
    const near = (edge: number) => [edge - 1e-7, edge, edge + 1e-7];
    const lngs = [240, 241, 256, 260, 261].flatMap((c) => near(c * cell - 180)).concat([-9.14, 2.17, 179.9999, -179.9999]);
    const lats = [178, 179, 190, 191].flatMap((r) => near(r * cell - 90)).concat([40.4, 41.39]);
    const seeded = lngs.flatMap((longitude, i) =>
      lats.map((latitude, j) => ({
        name: `E${i}-${j}`,
        latitude,
        longitude,
        score: (i * 7 + j * 3) % 10,
        priority: j % 4 === 0 ? ('archived' as const) : ('medium' as const),
      })),
    );
    const ids = await seedContacts(me.user.id, seeded);
    await as(me, '/api/v1/contacts/bulk', {
      method: 'POST',
      json: { ids: ids.filter((_, i) => i % 3 === 0), action: 'add_tags', value: ['edge'] },
    });
    const tagged = new Set(ids.filter((_, i) => i % 3 === 0));
    const boxes: [number, number, number, number][] = [
      [-10.5, 35.5, 3.5, 44],
      [240 * cell - 180, 178 * cell - 90, 261 * cell - 180, 191 * cell - 90],
      [240 * cell - 180 + 1e-7, 178 * cell - 90 - 1e-7, 256 * cell - 180, 190 * cell - 90 + 1e-7],
      [-9.14, 40.4, 2.17, 41.39],
      [179, 30, -179, 50],
    ];
    for (const [minLng, minLat, maxLng, maxLat] of boxes) {
      const inside = seeded
        .map((c, i) => ({ ...c, id: ids[i]! }))
        .filter(
          (c) =>
            c.latitude >= minLat &&
            c.latitude <= maxLat &&
            (minLng <= maxLng ? c.longitude >= minLng && c.longitude <= maxLng : c.longitude >= minLng || c.longitude <= maxLng),
        );
      const bbox = `bbox=${[minLng, minLat, maxLng, maxLat].join(',')}`;
      const all = await pinsIn(me, bbox);
      expect(all.meta.total_in_bounds, bbox).toBe(inside.length);
      expect(all.data.map((p) => p.id).sort(), bbox).toEqual(inside.map((c) => c.id).sort());
      const filtered = await pinsIn(me, `${bbox}&tag=edge`);
      const shown = inside.filter((c) => tagged.has(c.id) && c.priority !== 'archived');
      expect(filtered.meta.total_in_bounds, `${bbox}&tag=edge`).toBe(shown.length);
      expect(filtered.data.map((p) => p.id).sort(), `${bbox}&tag=edge`).toEqual(shown.map((c) => c.id).sort());
    }
  });

  it("never shows another user's contacts", async () => {
    const me = await signUp();
    const other = await signUp();
    await seedContacts(other.user.id, [{ name: 'Secret', latitude: 10, longitude: 10 }]);
    await seedContacts(me.user.id, [{ name: 'Mine', latitude: 10.1, longitude: 10.1 }]);
    const { data, meta } = await pinsIn(me, 'bbox=0,0,20,20');
    expect(data.map((p) => p.full_name)).toEqual(['Mine']);
    expect(meta.total_in_bounds).toBe(1);
    const clusters = await json(await as(me, '/api/v1/contacts/map/clusters?bbox=0,0,20,20&zoom=2'));
    expect(clusters.meta.total_in_bounds).toBe(1);
  });
});

describe('GET /contacts/map/clusters', () => {
  const seedWorld = async (userId: string) => {
    const cities: [number, number][] = [
      [52.52, 13.4],
      [48.85, 2.35],
      [51.5, -0.12],
      [40.71, -74],
      [37.77, -122.42],
      [35.68, 139.69],
      [-33.87, 151.2],
      [-17.7, 178.1],
      [-13.8, -171.8],
    ];
    return seedContacts(
      userId,
      Array.from({ length: 900 }, (_, i) => {
        const [lat, lng] = cities[i % cities.length]!;
        return { name: `K${i}`, latitude: lat + ((i * 17) % 100) / 1000, longitude: lng + ((i * 29) % 100) / 1000, score: i % 10 };
      }),
    );
  };

  it('counts every contact in view: the cluster counts sum to total_in_bounds at every zoom', async () => {
    const me = await signUp();
    await seedWorld(me.user.id);
    for (const [bbox, zoom] of [
      ['-180,-90,180,90', 0],
      ['-180,-90,180,90', 2.7],
      ['-20,30,30,60', 4],
      ['13,52,14,53', 9],
      ['13.3,52.4,13.6,52.7', 13],
      ['170,-30,-165,0', 3],
    ] as const) {
      const res = await as(me, `/api/v1/contacts/map/clusters?bbox=${bbox}&zoom=${zoom}`);
      expect(res.status).toBe(200);
      const body = await json(res);
      const pins = await pinsIn(me, `bbox=${bbox}`);
      expect(body.meta.total_in_bounds).toBe(pins.meta.total_in_bounds);
      expect(body.data.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(body.meta.total_in_bounds);
      for (const c of body.data) {
        if (c.count === 1) expect(c.pin).toMatchObject({ id: expect.any(String), full_name: expect.any(String) });
        else expect(c.pin).toBeUndefined();
      }
    }
  });

  it('merges nearby contacts at low zoom and breaks them apart as the zoom grows; none at zoom 14 and above', async () => {
    const me = await signUp();
    await seedWorld(me.user.id);
    const at = async (bbox: string, zoom: number) =>
      (await json(await as(me, `/api/v1/contacts/map/clusters?bbox=${bbox}&zoom=${zoom}`))).data as {
        count: number;
        latitude: number;
        longitude: number;
      }[];
    const world = await at('-180,-90,180,90', 0);
    expect(world.length).toBeLessThanOrEqual(9);
    expect(Math.max(...world.map((c) => c.count))).toBeGreaterThanOrEqual(100);
    const berlinFar = await at('13.3,52.4,13.6,52.7', 8);
    const berlinNear = await at('13.3,52.4,13.6,52.7', 12);
    expect(berlinNear.length).toBeGreaterThan(berlinFar.length);
    const street = await at('13.3,52.4,13.6,52.7', 14);
    expect(street.every((c) => c.count === 1)).toBe(true);
    expect(street).toHaveLength(100);
  });

  it('says when a group is at one point, and sends every contact apart from zoom 14 even where they share it', async () => {
    const me = await signUp();
    // Forty contacts geocoded to the same city point, and two a street apart.
    await seedContacts(me.user.id, [
      ...Array.from({ length: 40 }, (_, i) => ({ name: `Same ${i}`, latitude: 48.8566, longitude: 2.3522 })),
      { name: 'Near A', latitude: 48.86, longitude: 2.34 },
      { name: 'Near B', latitude: 48.861, longitude: 2.341 },
    ]);
    const at = async (zoom: number) =>
      (await json(await as(me, `/api/v1/contacts/map/clusters?bbox=2.2,48.8,2.5,48.9&zoom=${zoom}`))).data as {
        count: number;
        at_one_point?: true;
        pin?: { id: string };
      }[];
    const city = await at(9);
    expect(city).toHaveLength(1);
    expect(city[0]).toMatchObject({ count: 42 });
    expect(city[0]!.at_one_point).toBeUndefined();
    const near = await at(13);
    expect(near.find((c) => c.count === 40)).toMatchObject({ at_one_point: true, latitude: 48.8566, longitude: 2.3522 });
    const street = await at(14);
    expect(street).toHaveLength(42);
    expect(street.every((c) => c.count === 1 && c.pin && c.at_one_point === undefined)).toBe(true);
  });

  it('refuses a missing zoom or a malformed bbox', async () => {
    const me = await signUp();
    expect((await as(me, '/api/v1/contacts/map/clusters?bbox=0,0,10,10')).status).toBe(400);
    expect((await as(me, '/api/v1/contacts/map/clusters?bbox=0,0,10&zoom=3')).status).toBe(400);
    expect((await as(me, '/api/v1/contacts/map/clusters?bbox=0,0,10,10&zoom=-1')).status).toBe(400);
  });
});
