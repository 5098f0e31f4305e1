import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { as, json, signUp } from '../support/client';
import { contactRow, seedContacts } from '../support/map-seed';
import { deliverJobs } from './support';
import { eventually } from '../support/eventually';
import { runFanOut, userJobs } from '../support/fan-out';
import { recordingQueue } from '../support/recording-queue';

/** Records what a job sends to the queue, instead of letting the real consumer run it. */
function recordingEnv() {
  const { sent, queue } = recordingQueue();
  return { env: { ...(env as unknown as Env), JOBS: queue as unknown as Env['JOBS'] } as Env, sent };
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

  it('backfill_all_contacts without a user (cron) fans out one backfill per user; with a user it enqueues in batches of at most 100', async () => {
    const me = await signUp();
    await seedContacts(me.user.id, Array.from({ length: 230 }, (_, i) => ({ name: `C${i}`, location: `Town ${i % 7}` })));
    const { env: target, sent } = recordingEnv();

    const cron = await runFanOut({ type: 'backfill_all_contacts' });
    expect(userJobs(cron).filter((id) => id === me.user.id)).toHaveLength(1);

    const mine = await deliverJobs([{ type: 'backfill_all_contacts', user_id: me.user.id }], { target });
    expect(mine.acked).toEqual(mine.messageIds);
    expect(sent).toHaveLength(230);
    expect(new Set(sent.map((m) => (m as { contact_id: string }).contact_id)).size).toBe(230);
  });

  it('requires sign-in', async () => {
    const res = await (await import('../support/client')).call('/api/v1/admin/geocode/backfill', { method: 'POST' });
    expect(res.status).toBe(401);
  });
});
