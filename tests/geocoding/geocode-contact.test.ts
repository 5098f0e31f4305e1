import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseGeocoder } from '../../worker/domain/geocoding/choose-geocoder';
import { geocodeContact } from '../../worker/domain/geocoding/geocode-contact';
import { as, json, signUp } from '../support/client';
import { contactRow, mapboxCalls, seedContacts } from '../support/map-seed';
import { deliverGeocodeJobs, mapboxEnv } from './support';
import { eventually } from '../support/eventually';
import { userD1, userDeps } from '../support/stores';

const unique = () => Math.random().toString(36).slice(2, 8);

afterEach(() => vi.restoreAllMocks());

// SPEC §3 "Geocoding state of a contact", one row per test, against the fake Mapbox.
describe('geocode_contact against Mapbox (SPEC §3)', () => {
  it('200 with a match: geocoded, with coordinates, geocoded_location and geocoded_at; the pin appears', async () => {
    const me = await signUp();
    const [id] = await seedContacts(me.user.id, [{ name: 'Ada', location: 'Tokyo' }]);
    const result = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(result.acked).toEqual(result.messageIds);
    const row = await contactRow(id!);
    expect(row).toMatchObject({ latitude: 35.6895, longitude: 139.6917, geocoded_location: 'Tokyo' });
    expect(Date.parse(row!.geocoded_at!)).toBeGreaterThan(Date.now() - 60_000);
    const contact = (await json(await as(me, `/api/v1/contacts/${id}`))).data;
    expect(contact.geocode_status).toBe('geocoded');
    const pins = await json(await as(me, '/api/v1/contacts/map?bbox=130,30,150,40'));
    expect(pins.data.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it('200 with zero results: no result (geocoded_at set, no coordinates), and no retry', async () => {
    const me = await signUp();
    const location = `fake:empty ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Nobody', location }]);
    const result = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(result.retried).toEqual([]);
    const row = await contactRow(id!);
    expect(row).toMatchObject({ latitude: null, longitude: null, geocoded_location: location });
    expect(row!.geocoded_at).not.toBeNull();
    expect((await json(await as(me, `/api/v1/contacts/${id}`))).data.geocode_status).toBe('no_result');
    // No retry until the location changes: a second delivery costs no provider call.
    await deliverGeocodeJobs(me.user.id, [id!]);
    expect(await mapboxCalls(location)).toBe(1);
  });

  it('another 4xx: settled as no result, logged at info level, not retried', async () => {
    const me = await signUp();
    const location = `fake:400 ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Bad Query', location }]);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const result = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(result.retried).toEqual([]);
    expect(await contactRow(id!)).toMatchObject({ latitude: null, geocoded_location: location });
    expect(info).toHaveBeenCalledWith(expect.stringContaining('rejected'));
  });

  it('401 (a bad token): the contact stays not geocoded, the message is retried later, an error is logged', async () => {
    const me = await signUp();
    const location = `fake:401 ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Token Trouble', location }]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(result.retried).toEqual([{ id: result.messageIds[0], delaySeconds: 900 }]);
    expect(await contactRow(id!)).toMatchObject({ latitude: null, geocoded_location: null, geocoded_at: null });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('MAP_PROVIDER_SECRET_TOKEN'));
  });

  it('429 with Retry-After: unchanged, re-queued after the time the provider asked for', async () => {
    const me = await signUp();
    const [id] = await seedContacts(me.user.id, [{ name: 'Busy', location: `fake:429 ${unique()}` }]);
    const result = await deliverGeocodeJobs(me.user.id, [id!], { attempts: 3 });
    expect(result.retried).toEqual([{ id: result.messageIds[0], delaySeconds: 7 }]);
    expect(await contactRow(id!)).toMatchObject({ latitude: null, geocoded_location: null, geocoded_at: null });
  });

  it('429 without Retry-After: unchanged, re-queued with exponential backoff', async () => {
    const me = await signUp();
    const [id] = await seedContacts(me.user.id, [{ name: 'Busy', location: `fake:429-no-retry-after ${unique()}` }]);
    const delays = [];
    for (const attempts of [1, 2, 3, 4]) {
      const result = await deliverGeocodeJobs(me.user.id, [id!], { attempts });
      delays.push(result.retried[0]?.delaySeconds);
    }
    expect(delays).toEqual([30, 60, 120, 240]);
    expect(await contactRow(id!)).toMatchObject({ geocoded_location: null, geocoded_at: null });
  });

  it('500 then 200: retried inside the job, then geocoded by the same delivery', async () => {
    const me = await signUp();
    const location = `fake:500-then-200 ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Flaky', location }]);
    const result = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(result.acked).toEqual(result.messageIds);
    expect(await mapboxCalls(location)).toBe(2);
    const row = await contactRow(id!);
    expect(row!.latitude).not.toBeNull();
    expect(row!.geocoded_location).toBe(location);
  });

  it('5xx throughout: 3 retries inside the job, then the queue retries; the contact is unchanged', async () => {
    const me = await signUp();
    const location = `fake:500 ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Down', location }]);
    const result = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(await mapboxCalls(location)).toBe(4);
    expect(result.retried).toEqual([{ id: result.messageIds[0], delaySeconds: 60 }]);
    expect(await contactRow(id!)).toMatchObject({ geocoded_location: null, geocoded_at: null });
  });

  it('a timeout counts as a failure: 3 retries inside the job, then deferred', async () => {
    const me = await signUp();
    const location = `fake:timeout ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Slow', location }]);
    const deps = await userDeps(me, mapboxEnv);
    const geocoder = chooseGeocoder(deps, { timeoutMs: 100, retryPolicy: { retries: 3, delayMs: () => 0 } });
    const result = await geocodeContact(deps, geocoder, { userId: me.user.id, contactId: id!, attempts: 1 });
    expect(result).toMatchObject({ status: 'deferred', cause: 'unavailable' });
    expect(await mapboxCalls(location)).toBe(4);
    expect(await contactRow(id!)).toMatchObject({ geocoded_location: null, geocoded_at: null });
  });

  it('skips a contact whose geocoded_location equals its location, and running twice equals once', async () => {
    const me = await signUp();
    const location = `Twice ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Twice', location }]);
    await deliverGeocodeJobs(me.user.id, [id!]);
    const first = await contactRow(id!);
    const again = await deliverGeocodeJobs(me.user.id, [id!]);
    expect(again.acked).toEqual(again.messageIds);
    expect(await contactRow(id!)).toEqual(first);
    expect(await mapboxCalls(location)).toBe(1);
  });

  it('caches by normalized location: 30 contacts in one place cost one provider call', async () => {
    const me = await signUp();
    const place = `Lisbon ${unique()}`;
    const spellings = [place, ` ${place.toUpperCase()} `, place.replace(' ', '  ')];
    const ids = await seedContacts(
      me.user.id,
      Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, location: spellings[i % 3]! })),
    );
    await deliverGeocodeJobs(me.user.id, ids);
    const calls = (await Promise.all(spellings.map(mapboxCalls))).reduce((a, b) => a + b, 0);
    expect(calls).toBe(1);
    const rows = await Promise.all(ids.map(contactRow));
    expect(new Set(rows.map((r) => `${r!.latitude},${r!.longitude}`)).size).toBe(1);
    expect(rows.every((r) => r!.latitude !== null && r!.geocoded_location === r!.location)).toBe(true);
  });

  it('never writes a result over a location that changed while the provider answered', async () => {
    const me = await signUp();
    const location = `fake:timeout ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Mover', location }]);
    const deps = await userDeps(me, mapboxEnv);
    const geocoder = chooseGeocoder(deps, { timeoutMs: 5000 });
    const running = geocodeContact(deps, geocoder, { userId: me.user.id, contactId: id!, attempts: 1 });
    await eventually(
      () => mapboxCalls(location),
      (calls) => calls > 0,
      'the provider has the request',
    );
    await (await userD1(me)).prepare('UPDATE contacts SET location = ? WHERE id = ?').bind('Somewhere else', id).run();
    expect(await running).toMatchObject({ status: 'settled', outcome: 'found', contactsUpdated: 0 });
    expect(await contactRow(id!)).toMatchObject({ location: 'Somewhere else', latitude: null, geocoded_location: null });
  });
});
