import { describe, expect, it } from 'vitest';
import { chooseGeocoder } from '../../worker/domain/geocoding/choose-geocoder';
import { geocodeContact } from '../../worker/domain/geocoding/geocode-contact';
import { deliverJobs, mapboxEnv } from '../geocoding/support';
import { as, json, signUp, type Session } from '../support/client';
import { contactRow, mapboxCalls, seedContacts } from '../support/map-seed';
import { userDeps } from '../support/stores';

// Mapbox misbehaving while geocode_contact runs (SPEC §3): the contact stays "not geocoded"
// (never marked as no result), each delivery retries 3 times inside, then the queue retries
// with a growing delay, and the sixth failed delivery lands in Settings as a failed job.

const unique = () => Math.random().toString(36).slice(2, 8);

async function stormOf(me: Session, location: string) {
  const [id] = await seedContacts(me.user.id, [{ name: 'Storm', location }]);
  const job = { type: 'geocode_contact', user_id: me.user.id, contact_id: id };
  const delays: (number | undefined)[] = [];
  for (let attempts = 1; attempts <= 6; attempts++) {
    const delivery = await deliverJobs([job], { attempts });
    expect(delivery.acked).toEqual([]);
    delays.push(delivery.retried[0]?.delaySeconds);
  }
  await deliverJobs([job], { queue: 'kith-jobs-dlq' });
  return { id: id!, delays };
}

async function expectStillWaiting(me: Session, id: string) {
  expect(await contactRow(id)).toMatchObject({ latitude: null, longitude: null, geocoded_location: null, geocoded_at: null });
  expect((await json(await as(me, `/api/v1/contacts/${id}`))).data.geocode_status).toBe('pending');
}

async function expectDeadLettered(me: Session, id: string, error: RegExp) {
  const { data } = await json(await as(me, '/api/v1/admin/dead-letters'));
  expect(data).toHaveLength(1);
  expect(data[0]).toMatchObject({ type: 'geocode_contact', attempts: 6, body: { contact_id: id } });
  expect(data[0].error).toMatch(error);
}

describe('Mapbox faults during geocode_contact', () => {
  it('a 5xx storm: 4 calls a delivery, queue delays doubling from 60 s, still waiting, then a failed job in Settings', async () => {
    const me = await signUp();
    const location = `fake:500 ${unique()}`;
    const { id, delays } = await stormOf(me, location);
    expect(delays).toEqual([60, 120, 240, 480, 960, 1920]);
    expect(await mapboxCalls(location)).toBe(24);
    await expectStillWaiting(me, id);
    await expectDeadLettered(me, id, /provider unavailable \(HTTP 500\)/);
  }, 60_000);

  it('a 429 storm without Retry-After: one call a delivery, delays doubling from 30 s, still waiting', async () => {
    const me = await signUp();
    const location = `fake:429-no-retry-after ${unique()}`;
    const { id, delays } = await stormOf(me, location);
    expect(delays).toEqual([30, 60, 120, 240, 480, 960]);
    expect(await mapboxCalls(location)).toBe(6);
    await expectStillWaiting(me, id);
    await expectDeadLettered(me, id, /rate limited \(429\)/);
  });

  it("a 429 storm with Retry-After: the provider's delay every time", async () => {
    const me = await signUp();
    const location = `fake:429 ${unique()}`;
    const { id, delays } = await stormOf(me, location);
    expect(delays).toEqual([7, 7, 7, 7, 7, 7]);
    await expectStillWaiting(me, id);
  });

  it.each([
    ['an HTML page with status 200', 'garbage'],
    ['JSON of the wrong shape', 'wrong-shape'],
  ])('a garbage body (%s) is a failure to retry, never "no result"', async (_label, scenario) => {
    const me = await signUp();
    const location = `fake:${scenario} ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Garbled', location }]);
    const delivery = await deliverJobs([{ type: 'geocode_contact', user_id: me.user.id, contact_id: id }]);
    expect(delivery.retried).toEqual([{ id: delivery.messageIds[0], delaySeconds: 60 }]);
    expect(await mapboxCalls(location)).toBe(4);
    await expectStillWaiting(me, id!);
  });

  it('a slow drip (headers, then a byte every 300 ms) is cut by the timeout: deferred, still waiting', async () => {
    const me = await signUp();
    const location = `fake:drip ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Dripping', location }]);
    const deps = await userDeps(me, mapboxEnv);
    const geocoder = chooseGeocoder(deps, { timeoutMs: 400, retryPolicy: { retries: 3, delayMs: () => 0 } });
    const started = Date.now();
    const result = await geocodeContact(deps, geocoder, { userId: me.user.id, contactId: id!, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({ status: 'deferred', cause: 'unavailable', delaySeconds: 60 });
    expect(await mapboxCalls(location)).toBe(4);
    await expectStillWaiting(me, id!);
  });

  it('after an outage the same job succeeds and nothing of the failures remains', async () => {
    const me = await signUp();
    const location = `fake:500-then-200 ${unique()}`;
    const [id] = await seedContacts(me.user.id, [{ name: 'Recovered', location }]);
    const delivery = await deliverJobs([{ type: 'geocode_contact', user_id: me.user.id, contact_id: id }], { attempts: 6 });
    expect(delivery.acked).toHaveLength(1);
    expect((await contactRow(id!))!.geocoded_location).toBe(location);
    expect((await json(await as(me, '/api/v1/admin/dead-letters'))).data).toEqual([]);
  });
});
