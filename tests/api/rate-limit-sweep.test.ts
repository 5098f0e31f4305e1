import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { SWEEP_PAGE, sweepRateLimitPage } from '../../worker/domain/auth/sweep-rate-limits';
import { createDb } from '../../worker/db/client';
import { deliverJobs } from '../geocoding/support';
import { capturingEnv } from '../reliability/jobs';
import { testDb } from '../support/contact-fixtures';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const keysWith = async (prefix: string) =>
  (await testDb.prepare('SELECT key FROM rate_limits WHERE key LIKE ? ORDER BY key').bind(`${prefix}%`).all<{ key: string }>()).results.map(
    (r) => r.key,
  );

async function seedCounters(prefix: string, stale: number, fresh: number) {
  const rows = [
    ...Array.from({ length: stale }, (_, i) => [`${prefix}:stale:${String(i).padStart(5, '0')}`, nowSeconds() - 3 * 86_400]),
    ...Array.from({ length: fresh }, (_, i) => [`${prefix}:fresh:${String(i).padStart(5, '0')}`, nowSeconds() - 60]),
  ] as const;
  for (let i = 0; i < rows.length; i += 50) {
    await testDb.batch(
      rows
        .slice(i, i + 50)
        .map(([key, start]) => testDb.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)').bind(key, start)),
    );
  }
}

describe('the rate-limit counters are swept once their window is long over', () => {
  it('the nightly job deletes counters older than a day and keeps the current ones', async () => {
    const prefix = `sweep-${crypto.randomUUID()}`;
    await seedCounters(prefix, 5, 3);
    const cron = capturingEnv();
    await worker.scheduled({ cron: '0 3 * * *', scheduledTime: Date.now(), noRetry() {} }, cron.target);
    expect(cron.sent).toContainEqual({ type: 'sweep_rate_limits' });

    const delivery = await deliverJobs([{ type: 'sweep_rate_limits' }]);
    expect(delivery.acked).toHaveLength(1);
    expect(await keysWith(prefix)).toEqual([`${prefix}:fresh:00000`, `${prefix}:fresh:00001`, `${prefix}:fresh:00002`]);
  });

  it('walks the table a page of keys at a time, so no step grows with the table', async () => {
    // Keys sort after every other test's, so the walk from here sees only these.
    const prefix = `~sweep-${crypto.randomUUID()}`;
    await seedCounters(prefix, SWEEP_PAGE + 10, 5);
    const db = createDb(testDb);
    // The first page: the 5 fresh keys ("fresh" sorts first), then the first stale ones.
    const first = await sweepRateLimitPage(db, prefix);
    expect(first).toBe(`${prefix}:stale:${String(SWEEP_PAGE - 5 - 1).padStart(5, '0')}`);
    expect(await keysWith(`${prefix}:stale`)).toHaveLength(15);
    expect(await sweepRateLimitPage(db, first!)).toBeNull();
    expect(await keysWith(prefix)).toHaveLength(5);
  });
});
