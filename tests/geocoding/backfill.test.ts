import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { as, json, signUp, type Session } from '../support/client';
import { contactRow, mapboxCalls, seedContacts } from '../support/map-seed';
import { deliverJobs, mapboxEnv } from './support';
import { eventually } from '../support/eventually';
import { runFanOut, userJobs } from '../support/fan-out';
import { recordingQueue } from '../support/recording-queue';

const QUEUE_BATCH = 25;

/** Records what a job sends to the queue, instead of letting the real consumer run it. */
function recordingEnv() {
  const { sent, queue } = recordingQueue();
  return { env: { ...mapboxEnv, JOBS: queue as unknown as Env['JOBS'] } as Env, sent };
}

const unique = () => Math.random().toString(36).slice(2, 8);

/** The queue's batches (wrangler.toml: max_batch_size = 25), every one delivered at once. */
function deliverAtOnce(bodies: unknown[], target: Env) {
  const batches = Array.from({ length: Math.ceil(bodies.length / QUEUE_BATCH) }, (_, i) =>
    bodies.slice(i * QUEUE_BATCH, (i + 1) * QUEUE_BATCH),
  );
  return Promise.all(batches.map((batch) => deliverJobs(batch, { target })));
}

async function onTheMap(me: Session): Promise<number> {
  return (await json(await as(me, '/api/v1/contacts/map?bbox=-180,-90,180,90'))).meta.total_in_bounds;
}

describe('geocoding backfill', () => {
  it('POST /admin/geocode/backfill enqueues every contact not yet geocoded, and they end geocoded', async () => {
    const me = await signUp();
    const other = await signUp();
    const pending = await seedContacts(me.user.id, [
      ...Array.from({ length: 150 }, (_, i) => ({ name: `Berliner ${i}`, location: 'Berlin' })),
      { name: 'Parisienne', location: 'Paris, France' },
    ]);
    await seedContacts(me.user.id, [
      { name: 'Settled', location: 'Tokyo', latitude: 35.68, longitude: 139.69 },
      { name: 'Nowhere', location: null },
    ]);
    await seedContacts(other.user.id, [{ name: 'Not mine', location: 'Berlin' }]);

    const res = await as(me, '/api/v1/admin/geocode/backfill', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ enqueued: 151 });

    const rows = await eventually(
      () => Promise.all(pending.map(contactRow)),
      (current) => current.every((r) => r!.geocoded_location === r!.location),
      'the backfill settled every pending contact',
    );
    expect(rows.filter((r) => r!.latitude === null)).toEqual([]);
    // Nothing left: a second backfill enqueues nothing.
    expect((await json(await as(me, '/api/v1/admin/geocode/backfill', { method: 'POST' }))).data).toEqual({ enqueued: 0 });
  });

  it('backfill_all_contacts without a user (cron) fans out one backfill per user; with a user it queues one geocode_contacts per 500 contacts', async () => {
    const me = await signUp();
    await seedContacts(
      me.user.id,
      Array.from({ length: 1230 }, (_, i) => ({ name: `C${i}`, location: `Town ${i % 7}` })),
    );
    const { env: target, sent } = recordingEnv();

    const cron = await runFanOut({ type: 'backfill_all_contacts' });
    expect(userJobs(cron).filter((id) => id === me.user.id)).toHaveLength(1);

    const mine = await deliverJobs([{ type: 'backfill_all_contacts', user_id: me.user.id }], { target });
    expect(mine.acked).toEqual(mine.messageIds);
    const jobs = sent as { type: string; user_id: string; contact_ids: string[] }[];
    expect(jobs.map((j) => [j.type, j.user_id, j.contact_ids.length])).toEqual([
      ['geocode_contacts', me.user.id, 500],
      ['geocode_contacts', me.user.id, 500],
      ['geocode_contacts', me.user.id, 230],
    ]);
    expect(new Set(jobs.flatMap((j) => j.contact_ids)).size).toBe(1230);
  }, 30_000);

  it('a backfill of 1 200 contacts in 3 places asks Mapbox 3 times, its jobs delivered at once as concurrent consumers would', async () => {
    const me = await signUp();
    const u = unique();
    // "fake:timeout …" answers after 1.5 s: batches delivered at once overlap while it is asked.
    const places = [`Faro ${u}`, `Porto ${u}`, `fake:timeout ${u}`];
    await seedContacts(
      me.user.id,
      Array.from({ length: 1200 }, (_, i) => ({ name: `B${i}`, location: places[i % places.length]! })),
    );
    const { env: target, sent } = recordingEnv();
    await deliverJobs([{ type: 'backfill_all_contacts', user_id: me.user.id }], { target });

    // Until nothing is queued again (a job leaves a place another job is asking about to it).
    for (let queued = sent.splice(0); queued.length > 0; queued = sent.splice(0)) {
      const deliveries = await deliverAtOnce(queued, target);
      for (const delivery of deliveries) expect(delivery.acked).toEqual(delivery.messageIds);
    }

    expect(await Promise.all(places.map(mapboxCalls))).toEqual([1, 1, 1]);
    expect(await onTheMap(me)).toBe(1200);
  }, 60_000);

  it('requires sign-in', async () => {
    const res = await (await import('../support/client')).call('/api/v1/admin/geocode/backfill', { method: 'POST' });
    expect(res.status).toBe(401);
  });
});
