import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { seedContacts } from '../support/map-seed';
import { userD1 } from '../support/stores';

const mapPage = async (session: Session, search = '') => json(await as(session, `/map?_data=routes/_app.map${search}`));

describe('what the map page opens on', () => {
  it('frames the whole network: the box around every placed contact, with a margin', async () => {
    const me = await signUp();
    await seedContacts(me.user.id, [
      { name: 'Lisbon', latitude: 38.72, longitude: -9.14 },
      { name: 'Tokyo', latitude: 35.68, longitude: 139.69 },
      { name: 'Oslo', latitude: 59.91, longitude: 10.75 },
    ]);
    const { initialView } = await mapPage(me);
    const [[west, south], [east, north]] = initialView.bounds;
    expect(west).toBeLessThan(-9.14);
    expect(east).toBeGreaterThan(139.69);
    expect(south).toBeLessThan(35.68);
    expect(north).toBeGreaterThan(59.91);
    expect(east - west).toBeLessThan(170);
  });

  it('opens on the city when the whole network lives in one, and on the world when nobody is placed', async () => {
    const me = await signUp();
    await seedContacts(me.user.id, [
      { name: 'A', latitude: 52.52, longitude: 13.405 },
      { name: 'B', latitude: 52.53, longitude: 13.41 },
    ]);
    const { initialView } = await mapPage(me);
    expect(initialView.zoom).toBe(11);
    expect(initialView.center[0]).toBeCloseTo(13.4075, 4);
    expect(initialView.center[1]).toBeCloseTo(52.525, 4);
    const empty = await signUp();
    expect((await mapPage(empty)).initialView.bounds).toEqual([
      [-180, -58],
      [180, 75],
    ]);
  });

  it('names the contacts whose location could not be placed, and not those still waiting', async () => {
    const me = await signUp();
    const [lost, waiting] = await seedContacts(me.user.id, [
      { name: 'Lost Person', location: 'Somewhere over the rainbow' },
      { name: 'Waiting Person', location: 'Berlin' },
      { name: 'Placed Person', location: 'Paris', latitude: 48.85, longitude: 2.35 },
    ]);
    expect(waiting).toBeDefined();
    // The geocoder's verdict on the text: settled, no place (as geocode-contact writes it).
    await (
      await userD1(me)
    )
      .prepare('UPDATE contacts SET geocoded_location = location, geocoded_at = ? WHERE id = ?')
      .bind(new Date().toISOString(), lost)
      .run();
    const { unplaced } = await mapPage(me);
    expect(unplaced).toEqual({ total: 1, contacts: [{ id: lost, full_name: 'Lost Person', location: 'Somewhere over the rainbow' }] });
  });
});
