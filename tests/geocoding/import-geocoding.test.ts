import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnMapping } from '../../worker/domain/imports/column-mapping';
import { startFileImport } from '../../worker/domain/imports/start-import';
import { PLACES_ASKED_PER_RUN } from '../../worker/domain/geocoding/locations-lookup';
import type { Env } from '../../worker/env';
import { as, json, signUp, type Session } from '../support/client';
import { eventually } from '../support/eventually';
import { importCsv } from '../support/imports';
import { mapboxCalls, seedContacts } from '../support/map-seed';
import { capturingEnv, quietDeps } from '../reliability/jobs';
import { deliverGeocodeJobs, deliverJobs, mapboxEnv } from './support';

// An import's geocoding (issue #25): one geocode_contacts job per import chunk, which asks the
// provider once per place not yet cached and places every contact of the chunk, instead of a
// geocode_contact job per contact competing with the import for D1.

const unique = () => Math.random().toString(36).slice(2, 8);
const MAPPING: ColumnMapping = { 'First Name': 'first_name', 'Last Name': 'last_name', Email: 'emails', Location: 'location' };
const QUEUE_MESSAGE_LIMIT = 128 * 1024;

afterEach(() => vi.restoreAllMocks());

function locatedCsv(places: string[], rows: number): string {
  const lines = ['First Name,Last Name,Email,Location'];
  for (let i = 0; i < rows; i++) lines.push(`Geo${i},Person,geo${i}-${unique()}@example.org,"${places[i % places.length]}"`);
  return `${lines.join('\n')}\n`;
}

/** Runs a CSV import through its queue job, and gives the jobs it queued instead of running them. */
async function importQueueingJobs(me: Session, csv: string): Promise<{ type: string }[]> {
  const { import_id } = await startFileImport(await quietDeps(me), me.user.id, {
    fileName: 'located.csv',
    bytes: new TextEncoder().encode(csv),
    expect: 'csv',
    mapping: MAPPING,
  });
  const { sent, target } = capturingEnv();
  const run = await deliverJobs([{ type: 'run_import', user_id: me.user.id, import_id }], { target });
  expect(run.acked).toEqual(run.messageIds);
  return sent as { type: string }[];
}

const geocodingJobs = (sent: { type: string }[]) => sent.filter((m) => m.type.startsWith('geocode'));

async function onTheMap(me: Session): Promise<number> {
  return (await json(await as(me, '/api/v1/contacts/map?bbox=-180,-90,180,90'))).meta.total_in_bounds;
}

async function geocodeStatuses(me: Session): Promise<Record<string, string>> {
  const { data } = await json(await as(me, '/api/v1/contacts?page_size=200'));
  return Object.fromEntries(data.map((c: { location: string; geocode_status: string }) => [c.location, c.geocode_status]));
}

describe('geocoding an import (Mapbox)', () => {
  it('one job per chunk; one provider call per place not yet cached; every contact on the map', async () => {
    const me = await signUp();
    const u = unique();
    const [lisbon, porto, faro, braga] = [`Lisbon ${u}`, `Porto ${u}`, `Faro ${u}`, `Braga ${u}`];
    // Braga is in the cache already: a contact there was placed before the import.
    await deliverGeocodeJobs(me.user.id, await seedContacts(me.user.id, [{ name: 'Before', location: braga }]));
    expect(await mapboxCalls(braga)).toBe(1);

    // 600 rows: two chunks of the import (500 + 100). "LISBON …" is Lisbon written otherwise.
    const sent = await importQueueingJobs(me, locatedCsv([lisbon, porto, faro, braga, lisbon.toUpperCase()], 600));
    // The 120 in Braga are on the map as soon as the import is done: the cache knew the place.
    expect(await onTheMap(me)).toBe(1 + 120);
    const jobs = geocodingJobs(sent) as { type: string; contact_ids: string[] }[];
    expect(jobs.map((j) => [j.type, j.contact_ids.length])).toEqual([
      ['geocode_contacts', 400],
      ['geocode_contacts', 80],
    ]);
    for (const job of jobs) expect(JSON.stringify(job).length).toBeLessThan(QUEUE_MESSAGE_LIMIT);

    // Each job's D1 queries, as LOG_JOB_COST reports them to the operator.
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const delivery = await deliverJobs(jobs, { target: { ...mapboxEnv, LOG_JOB_COST: '1' } as Env });
    expect(delivery.acked).toEqual(delivery.messageIds);
    const costs = log.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes('"job_cost":"geocode_contacts"'))
      .map((line) => JSON.parse(line));
    expect(costs).toHaveLength(2);
    // A handful of queries per job, the same for 400 contacts as for 80: none per contact.
    for (const cost of costs) expect(cost.queries).toBeLessThanOrEqual(8);

    expect(await mapboxCalls(lisbon)).toBe(1);
    expect(await mapboxCalls(lisbon.toUpperCase())).toBe(0);
    expect(await mapboxCalls(porto)).toBe(1);
    expect(await mapboxCalls(faro)).toBe(1);
    expect(await mapboxCalls(braga)).toBe(1);
    expect(await onTheMap(me)).toBe(601);
    // Running the jobs again (a redelivery) asks nothing and changes nothing.
    await deliverJobs(jobs);
    expect(await mapboxCalls(porto)).toBe(1);
  }, 60_000);

  it("two chunks' jobs running at once ask about each shared place once; the one that found it claimed comes back for it", async () => {
    const me = await signUp();
    const u = unique();
    // "fake:timeout …" answers after 1.5 s: the second job starts while the first is asking.
    const [slow, porto] = [`fake:timeout ${u}`, `Porto ${u}`];
    const jobs = geocodingJobs(await importQueueingJobs(me, locatedCsv([slow, porto], 600)));
    expect(jobs).toHaveLength(2);
    const { sent, target } = capturingEnv();
    const first = deliverJobs([jobs[0]], { target });
    await eventually(
      () => mapboxCalls(slow),
      (calls) => calls > 0,
      'the first job is asking',
    );
    const second = await deliverJobs([jobs[1]], { target });
    expect(second.acked).toEqual(second.messageIds);
    // Both places were claimed by the first job: the second asked nothing and queued itself again.
    expect(sent).toEqual([jobs[1]]);
    expect((await first).acked).toHaveLength(1);
    expect(await mapboxCalls(slow)).toBe(1);
    expect(await mapboxCalls(porto)).toBe(1);
    const again = await deliverJobs(sent);
    expect(again.acked).toEqual(again.messageIds);
    expect(await onTheMap(me)).toBe(600);
    expect(await mapboxCalls(slow)).toBe(1);
  }, 30_000);

  it(`a chunk in more than ${PLACES_ASKED_PER_RUN} new places asks about ${PLACES_ASKED_PER_RUN} a run and hands the rest to a new message`, async () => {
    const me = await signUp();
    const u = unique();
    const places = Array.from({ length: PLACES_ASKED_PER_RUN + 20 }, (_, i) => `Town ${i} ${u}`);
    const jobs = geocodingJobs(await importQueueingJobs(me, locatedCsv(places, places.length)));
    const { sent, target } = capturingEnv();
    const first = await deliverJobs(jobs, { target });
    expect(first.acked).toEqual(first.messageIds);
    expect(sent).toEqual(jobs);
    expect(await onTheMap(me)).toBe(PLACES_ASKED_PER_RUN);
    const second = await deliverJobs(sent);
    expect(second.acked).toEqual(second.messageIds);
    expect(await onTheMap(me)).toBe(places.length);
    const calls = await Promise.all(places.map(mapboxCalls));
    expect(calls.every((n) => n === 1)).toBe(true);
  }, 30_000);

  it('Mapbox down for a place: its contacts stay waiting, the job comes back later, then places them', async () => {
    const me = await signUp();
    const u = unique();
    const [down, porto] = [`fake:outage ${u}`, `Porto ${u}`];
    const jobs = geocodingJobs(await importQueueingJobs(me, locatedCsv([down, porto], 20)));
    expect(jobs).toHaveLength(1);

    const first = await deliverJobs(jobs);
    // SPEC §3: a 5xx after the 3 retries inside the job, then the queue's retry in 60 s.
    expect(first.retried).toEqual([{ id: first.messageIds[0], delaySeconds: 60 }]);
    expect(await mapboxCalls(down)).toBe(4);
    expect(await geocodeStatuses(me)).toEqual({ [down]: 'pending', [porto]: 'geocoded' });
    expect(await onTheMap(me)).toBe(10);

    await fetch(
      `${(mapboxEnv as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL}/mapbox/__outage/lift?q=${encodeURIComponent(down)}`,
      { method: 'POST' },
    );
    const second = await deliverJobs(jobs, { attempts: 2 });
    expect(second.acked).toEqual(second.messageIds);
    expect(await onTheMap(me)).toBe(20);
    // The retry asked only for the place left waiting.
    expect(await mapboxCalls(porto)).toBe(1);
  });

  it('429: the contacts stay waiting, the job returns after Retry-After, and after the last try it is a failed job in Settings', async () => {
    const me = await signUp();
    const busy = `fake:429 ${unique()}`;
    const jobs = geocodingJobs(await importQueueingJobs(me, locatedCsv([busy], 5)));
    for (let attempts = 1; attempts <= 6; attempts++) {
      const delivery = await deliverJobs(jobs, { attempts });
      expect(delivery.retried).toEqual([{ id: delivery.messageIds[0], delaySeconds: 7 }]);
    }
    expect(await geocodeStatuses(me)).toEqual({ [busy]: 'pending' });
    const { data } = await json(await as(me, '/api/v1/admin/dead-letters'));
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ type: 'geocode_contacts', attempts: 6, body: jobs[0] });
    expect(data[0].error).toMatch(/rate limited \(429\); 1 place\(s\) left waiting/);
  });
});

describe('geocoding an import through the queue (offline gazetteer)', () => {
  it('an uploaded CSV ends with every contact placed', async () => {
    const me = await signUp();
    const result = await importCsv(me, locatedCsv(['Berlin', 'Paris, France', 'Tokyo', 'berlin', 'https://example.com/me'], 100), MAPPING);
    expect(result).toMatchObject({ status: 'done', created: 100 });
    const statuses = await eventually(
      () => geocodeStatuses(me),
      (s) => !Object.values(s).includes('pending'),
      'every imported contact was geocoded',
    );
    expect(statuses).toEqual({
      Berlin: 'geocoded',
      'Paris, France': 'geocoded',
      Tokyo: 'geocoded',
      berlin: 'geocoded',
      'https://example.com/me': 'no_result',
    });
    expect(await onTheMap(me)).toBe(80);
  }, 30_000);
});
