import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { FAN_OUT_PAGE } from '../../worker/jobs/fan-out';
import type { JobMessage } from '../../worker/jobs/messages';
import { runFanOut, userJobs, type Step } from '../support/fan-out';

const DB = (env as unknown as Env).DB;
const USERS = 250;
const prefix = `fanout${Date.now().toString(36)}`;
const ids = Array.from({ length: USERS }, (_, n) => `${prefix}${String(n).padStart(4, '0')}`);

/** Every invocation stays small, and each seeded user gets exactly one job. */
function expectOnePerUser(steps: Step[], type: JobMessage['type']) {
  expect(steps.length).toBeGreaterThanOrEqual(Math.ceil(USERS / FAN_OUT_PAGE));
  for (const step of steps) {
    expect(step.queries).toBeLessThanOrEqual(2);
    expect(step.sent.length).toBeLessThanOrEqual(FAN_OUT_PAGE + 1);
    expect(step.sent.every((m) => m.type === type)).toBe(true);
  }
  const jobs = userJobs(steps);
  expect(jobs.length).toBe(new Set(jobs).size);
  expect(jobs.filter((id) => id.startsWith(prefix)).sort()).toEqual(ids);
}

describe('cron fan-out, page by page', () => {
  beforeAll(async () => {
    const now = new Date().toISOString();
    const insertUser =
      'INSERT INTO users (id, email, name, password_hash, password_salt, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
    await DB.batch(ids.map((id) => DB.prepare(insertUser).bind(id, `${id}@example.com`, 'Fan', 'x', 'x', 'UTC', now, now)));
    const connect =
      "INSERT INTO channel_connections (id, user_id, channel, status, created_at, updated_at) VALUES (?, ?, 'telegram', 'connected', ?, ?)";
    await DB.batch(ids.filter((_, n) => n % 2 === 0).map((id) => DB.prepare(connect).bind(`cc-${id}`, id, now, now)));
  });

  it('the nightly refresh reaches 250 users in steps of at most 100, each a bounded invocation', async () => {
    expectOnePerUser(await runFanOut({ type: 'refresh_relationships' }), 'refresh_relationships');
  });

  it('the quarter-hour Telegram sync reaches every connected account once, and no one else', async () => {
    const steps = await runFanOut({ type: 'sync_telegram' });
    for (const step of steps) expect(step.queries).toBeLessThanOrEqual(2);
    const jobs = userJobs(steps);
    expect(jobs.length).toBe(new Set(jobs).size);
    expect(jobs.filter((id) => id.startsWith(prefix)).sort()).toEqual(ids.filter((_, n) => n % 2 === 0));
  });

  afterAll(async () => {
    await DB.prepare('DELETE FROM users WHERE id >= ? AND id < ?').bind(prefix, `${prefix}~`).run();
  });
});
