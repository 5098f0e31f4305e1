import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { deliverJobs, mapboxEnv } from '../geocoding/support';
import { signUp } from '../support/client';
import { contactRow, seedContacts } from '../support/map-seed';
import { recordingQueue } from '../support/recording-queue';

// A consumer batch shares one invocation's D1 queries (1 000 on Workers Paid). Once the
// invocation has spent its budget (JOB_BATCH_QUERY_BUDGET), the jobs not yet started go back
// to the queue as new messages: none is lost, none runs twice, none spends an attempt.

describe('a queue invocation stays within its D1 query budget', () => {
  it('runs jobs until the budget is spent, then hands the rest to a later invocation', async () => {
    const me = await signUp();
    const ids = await seedContacts(me.user.id, [
      { name: 'First', location: `Somewhere ${crypto.randomUUID()}` },
      { name: 'Second', location: `Somewhere ${crypto.randomUUID()}` },
      { name: 'Third', location: `Somewhere ${crypto.randomUUID()}` },
    ]);
    const jobs = ids.map((id) => ({ type: 'geocode_contact', user_id: me.user.id, contact_id: id }));
    const { sent, queue } = recordingQueue();
    // One query is already the whole budget: the first job runs, the others wait for the next invocation.
    const target = { ...mapboxEnv, JOBS: queue, JOB_BATCH_QUERY_BUDGET: '1' } as unknown as Env;

    const first = await deliverJobs(jobs, { target });
    expect(first.acked).toEqual(first.messageIds);
    expect(first.retried).toEqual([]);
    expect(sent).toEqual(jobs.slice(1));
    expect((await contactRow(ids[0]!))?.latitude).not.toBeNull();
    expect((await contactRow(ids[1]!))?.latitude).toBeNull();

    // The next invocation (the default budget) runs the two handed over.
    const next = await deliverJobs(sent.splice(0), { target: mapboxEnv });
    expect(next.acked).toEqual(next.messageIds);
    for (const id of ids) expect((await contactRow(id))?.latitude).not.toBeNull();
  });
});
