import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { monicaBenchAccount } from '../../bench/monica-account.mjs';
import { depsFromEnv, depsForUser } from '../../worker/domain/deps';
import { startMonicaImport } from '../../worker/domain/monica/start-monica-import';
import type { Env } from '../../worker/env';
import { withJobCost } from '../../worker/jobs/job-cost';
import { runJob } from '../../worker/jobs/job-handlers';
import type { JobMessage } from '../../worker/jobs/messages';
import { as, json, signUp } from '../support/client';
import { recordingQueue } from '../support/recording-queue';

// A queue invocation may make 1 000 D1 queries, and the consumer may have spent up to
// JOB_BATCH_QUERY_BUDGET (500) on other messages before a Monica run starts: so a run stops
// after 400 statements, at the end of the page it is on (ADR 057, 060). Each run here goes through
// the consumer's own counting (withJobCost, the real job handler, real D1, the fake Monica);
// the queue is recorded, so the test runs the next message itself and counts each run alone.

const RUN_CAP = 400;
/** What a run may reach: the cap, plus the page it was on when it crossed it (a page of activities is ~50). */
const RUN_CEILING = 500;

describe('a Monica import run', () => {
  it('keeps within its statement cap, and the import still finishes across messages', async () => {
    const me = await signUp();
    const key = `cap${crypto.randomUUID().slice(0, 8)}`;
    // 3 000 records: 12 pages of activities, 9 of notes, 6 of calls, besides 100 contacts. Without
    // the cap one run would write 25 pages, ~800 statements.
    const account = monicaBenchAccount({ contacts: 100, history: 3000 });
    const fake = inject('fakeProvidersUrl');
    await fetch(`${fake}/monica/__seed`, { method: 'POST', body: JSON.stringify({ key, token: 'monica-token', lists: account }) });

    const { sent, queue } = recordingQueue<JobMessage>();
    const server = { ...depsFromEnv(env as unknown as Env), jobs: queue as unknown as Queue<JobMessage> };
    const { import_id } = await startMonicaImport(await depsForUser(server, me.user.id), {
      url: `${fake}/monica/${key}`,
      token: 'monica-token',
    });

    const runs: number[] = [];
    for (let next = sent.shift(); next; next = sent.shift()) {
      if (next.type !== 'run_monica_import') continue;
      const invocation = { queries: 0 };
      const message = { id: `m${runs.length}`, attempts: 1, body: next, ack() {}, retry() {} } as unknown as Message<unknown>;
      await withJobCost(
        server,
        next,
        (counted) => runJob(counted, next, message, { messages: [message] } as unknown as MessageBatch<unknown>),
        invocation,
      );
      runs.push(invocation.queries);
      expect(runs.length, 'runs').toBeLessThan(60);
    }

    expect(Math.max(...runs), `statements per run: ${runs.join(', ')}`).toBeLessThanOrEqual(RUN_CEILING);
    // The cap, not the 25 pages a run may write, is what ended the runs that wrote the history.
    expect(runs.filter((n) => n >= RUN_CAP).length, `statements per run: ${runs.join(', ')}`).toBeGreaterThanOrEqual(2);
    const done = (await json(await as(me, `/api/v1/imports/${import_id}`))).data;
    expect(done.status).toBe('done');
    const report = Object.fromEntries((done.report as { kind: string; count: number }[]).map((l) => [l.kind, l.count]));
    // Every note and call was written, by whichever run reached its page.
    expect(report.notes, JSON.stringify(report)).toBe(account.notes.length);
    expect(report.calls, JSON.stringify(report)).toBe(account.calls.length);
  }, 180_000);
});
