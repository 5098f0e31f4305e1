import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { depsFromEnv } from '../../worker/domain/deps';
import { createGazetteerGeocoder } from '../../worker/domain/geocoding/gazetteer-geocoder';
import type { Env } from '../../worker/env';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { contactRow, seedContacts } from '../support/map-seed';
import { deliverGeocodeJobs } from './support';
import { eventually } from '../support/eventually';

const gazetteer = createGazetteerGeocoder(depsFromEnv(env as unknown as Env).directory.db);

function waitForGeocoding(me: Session, id: string, until: (c: any) => boolean) {
  return eventually(async () => (await json(await as(me, `/api/v1/contacts/${id}`))).data, until, `contact ${id} was geocoded`);
}

describe('offline gazetteer (no MAP_PROVIDER_SECRET_TOKEN)', () => {
  it.each([
    ['Berlin', 52.52, 13.41],
    ['San Francisco, CA', 37.77, -122.42],
    ['Paris, France', 48.85, 2.35],
    ['San Francisco Bay Area', 37.77, -122.42],
    ['London Area, United Kingdom', 51.51, -0.13],
    ['München', 48.14, 11.58],
    ['São Paulo, Brazil', -23.55, -46.64],
    ['New York', 40.71, -74.01],
    ['Paris, TX', 33.66, -95.56],
  ])('places %s', async (location, lat, lng) => {
    const outcome = await gazetteer.geocode(location);
    expect(outcome.kind).toBe('found');
    if (outcome.kind !== 'found') return;
    expect(outcome.latitude).toBeCloseTo(lat, 1);
    expect(outcome.longitude).toBeCloseTo(lng, 1);
  });

  it('places a country or a state at its centre', async () => {
    const germany = await gazetteer.geocode('Germany');
    expect(germany).toMatchObject({ kind: 'found' });
    if (germany.kind === 'found') expect(germany.latitude).toBeGreaterThan(47);
    const california = await gazetteer.geocode('California, USA');
    expect(california).toMatchObject({ kind: 'found' });
    if (california.kind === 'found') expect(california.longitude).toBeLessThan(-114);
  });

  it.each(['https://example.com/me', 'www.kith.app', '🌍✨', 'asdkjhqwe', '', '   ', 'ada@example.org', '!!!'])(
    'finds nothing for %j',
    async (location) => {
      expect(await gazetteer.geocode(location)).toEqual({ kind: 'no_result' });
    },
  );
});

describe('geocoding through the queue', () => {
  it('creating a contact with a location enqueues geocode_contact, and the consumer places it', async () => {
    const me = await signUp();
    const created = await createContact(me, { first_name: 'Grace', location: 'Berlin' });
    expect(created.geocode_status).toBe('pending');
    const contact = await waitForGeocoding(me, created.id, (c) => c.geocode_status !== 'pending');
    expect(contact).toMatchObject({ geocode_status: 'geocoded', geocoded_location: 'Berlin' });
    expect(contact.latitude).toBeCloseTo(52.52, 1);
  });

  it('changing the location takes the pin off and geocodes the new place', async () => {
    const me = await signUp();
    const [id] = await seedContacts(me.user.id, [{ name: 'Alan', location: 'Berlin', latitude: 52.52, longitude: 13.41 }]);
    const patched = (await json(await as(me, `/api/v1/contacts/${id}`, { method: 'PATCH', json: { location: 'Paris, France' } }))).data;
    expect(patched).toMatchObject({ geocode_status: 'pending', latitude: null });
    const contact = await waitForGeocoding(me, id!, (c) => c.geocode_status !== 'pending');
    expect(contact.geocoded_location).toBe('Paris, France');
    expect(contact.longitude).toBeCloseTo(2.35, 1);
  });

  it('free text ends as no result and stays off the map', async () => {
    const me = await signUp();
    const created = await createContact(me, { first_name: 'Emoji', location: '🌴🌴 https://linktr.ee/x' });
    const contact = await waitForGeocoding(me, created.id, (c) => c.geocode_status !== 'pending');
    expect(contact).toMatchObject({ geocode_status: 'no_result', latitude: null });
    expect((await json(await as(me, '/api/v1/contacts/map?bbox=-180,-90,180,90'))).meta.total_in_bounds).toBe(0);
  });

  it("a job for another user's contact changes nothing", async () => {
    const owner = await signUp();
    const other = await signUp();
    const [id] = await seedContacts(owner.user.id, [{ name: 'Private', location: 'Berlin' }]);
    await deliverGeocodeJobs(other.user.id, [id!], { target: env as unknown as Env });
    expect(await contactRow(id!)).toMatchObject({ geocoded_location: null, latitude: null });
  });
});
