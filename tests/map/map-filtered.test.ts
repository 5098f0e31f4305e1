import { beforeAll, describe, expect, it } from 'vitest';
import { as, json, type Session, signUp } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { userD1 } from '../support/stores';

// "Show on map" from a filtered list: the map draws only the contacts that list shows.
const WORLD = 'bbox=-180,-85,180,85';
type Pin = { full_name: string };
type Cluster = { count: number; pin?: Pin };

const pinNames = async (me: Session, filters: string) => {
  const body = await json<{ data: Pin[]; meta: { total_in_bounds: number } }>(await as(me, `/api/v1/contacts/map?${WORLD}&${filters}`));
  return { names: body.data.map((p) => p.full_name).sort(), total: body.meta.total_in_bounds };
};
const clusterCount = async (me: Session, filters: string, zoom: number) => {
  const body = await json<{ data: Cluster[]; meta: { total_in_bounds: number } }>(
    await as(me, `/api/v1/contacts/map/clusters?${WORLD}&zoom=${zoom}&${filters}`),
  );
  return body.data.reduce((n, c) => n + c.count, 0);
};
const mapPage = async (me: Session, search: string) => json(await as(me, `/map?_data=routes/_app.map&${search}`));

describe('the map of a filtered list', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    const ids = await seedContacts(me.user.id, [
      { name: 'Ana Lisboa', latitude: 38.72, longitude: -9.14 },
      { name: 'Ken Tokyo', latitude: 35.68, longitude: 139.69 },
      { name: 'Ola Oslo', latitude: 59.91, longitude: 10.75 },
      { name: 'Arne Archived', latitude: 59.9, longitude: 10.7, priority: 'archived' },
      { name: 'Lost Founder', location: 'Nowhere at all' },
    ]);
    const [ana, ken, , arne, lost] = ids;
    await (
      await userD1(me)
    )
      .prepare('UPDATE contacts SET geocoded_location = location, geocoded_at = ? WHERE id = ?')
      .bind(new Date().toISOString(), lost)
      .run();
    const res = await as(me, '/api/v1/contacts/bulk', {
      method: 'POST',
      json: { ids: [ana, ken, arne, lost], action: 'add_tags', value: ['founder'] },
    });
    expect(res.status).toBe(200);
  });

  it('draws only the contacts the list shows: pins, their count and the clusters', async () => {
    expect(await pinNames(me, 'tag=founder')).toEqual({ names: ['Ana Lisboa', 'Ken Tokyo'], total: 2 });
    expect(await clusterCount(me, 'tag=founder', 1)).toBe(2);
    expect(await clusterCount(me, 'tag=founder', 8)).toBe(2);
    expect(await pinNames(me, 'q=oslo')).toEqual({ names: ['Ola Oslo'], total: 1 });
    // Archived contacts are hidden from a filtered list unless its priority filter asks.
    expect((await pinNames(me, 'tag=founder&priority=archived')).names).toEqual(['Arne Archived']);
  });

  it('draws everyone without filters, archived contacts too', async () => {
    expect((await pinNames(me, '')).total).toBe(4);
    expect(await clusterCount(me, '', 1)).toBe(4);
  });

  it('refuses a malformed filter in the error envelope', async () => {
    const res = await as(me, `/api/v1/contacts/map?${WORLD}&score_min=eleven`);
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('invalid_request');
  });

  it('opens the page framed on the filtered contacts, names its unplaced ones and links back to the list', async () => {
    const page = await mapPage(me, 'tag=founder');
    const [[west, south], [east, north]] = page.initialView.bounds;
    expect(west).toBeLessThan(-9.14);
    expect(east).toBeGreaterThan(139.69);
    expect(south).toBeLessThan(35.68);
    // Oslo is not in the list, so the frame stops short of it.
    expect(north).toBeLessThan(59.9);
    expect(page.unplaced).toMatchObject({ total: 1, contacts: [{ full_name: 'Lost Founder' }] });
    expect(page.filter).toEqual({ apiQuery: 'tag=founder', listUrl: '/contacts?tag=founder', summary: 'tagged founder' });
    const everyone = await mapPage(me, '');
    expect(everyone.filter).toBeNull();
    expect(everyone.initialView.bounds[1][1]).toBeGreaterThan(59.91);
  });
});
