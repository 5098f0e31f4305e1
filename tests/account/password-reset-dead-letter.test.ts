import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { deliverJobs } from '../geocoding/support';
import { signUp, uniqueEmail } from '../support/client';
import { recordingQueue } from '../support/recording-queue';
import { emailBinding } from './outbox';

const workerEnv = env as unknown as Env & { DB: D1Database };

/** "Forgot password" through the real Worker, its queue recorded: the jobs it sends. */
async function forgotPassword(email: string, settings: Partial<Env> = {}): Promise<Record<string, unknown>[]> {
  const jobs = recordingQueue<Record<string, unknown>>();
  const request = new Request('http://kith.test/api/v1/auth/password/forgot', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email }),
  });
  const ctx = createExecutionContext();
  const bindings = { ...workerEnv, ...settings, JOBS: jobs.queue as unknown as Env['JOBS'] };
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(202);
  return jobs.sent;
}

/** Cloudflare's mail service refusing, in words that name the address, as a provider's may. */
const refusingMail = (email: string) =>
  ({
    send: async () => {
      throw new Error(`destination address not verified: ${email}`);
    },
  }) as unknown as SendEmail;

async function deadLettersNaming(text: string) {
  const { results } = await workerEnv.DB.prepare(
    'SELECT user_id, body, error FROM dead_letters WHERE instr(body, ?1) > 0 OR instr(error, ?1) > 0',
  )
    .bind(text)
    .all<{ user_id: string | null; body: string; error: string }>();
  return results;
}

describe('a password-reset job that fails every retry', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves no address in dead_letters, and its replay mails the link once the mail service is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = uniqueEmail('dead-reset');
    await signUp('Reset Me', email);
    const queued = await forgotPassword(email);
    expect(queued).toHaveLength(1);
    const job = queued[0]!;
    expect(JSON.stringify(job)).not.toContain(email);

    // The last delivery fails, and the dead-letter queue gets the body, as the queue would.
    const down = { ...workerEnv, EMAIL: refusingMail(email) };
    expect((await deliverJobs([job], { attempts: 6, target: down })).retried).toHaveLength(1);
    await deliverJobs([job], { queue: 'kith-jobs-dlq', target: down });

    const sealed = String(job.email_sealed);
    const [letter, ...others] = await deadLettersNaming(sealed);
    expect(others).toEqual([]);
    expect(letter).toMatchObject({ user_id: null, error: 'The password reset email could not be sent' });
    expect(await deadLettersNaming(email)).toEqual([]);

    const mail = emailBinding();
    const replay = await deliverJobs([JSON.parse(letter!.body)], { target: { ...workerEnv, EMAIL: mail.binding } });
    expect(replay.acked).toEqual(replay.messageIds);
    expect(mail.sent.map((m) => m.to)).toEqual([email]);
    expect(mail.resetLinks()).toEqual([expect.stringMatching(/^http:\/\/kith\.test\/reset-password\?token=/)]);
  });

  it('is not queued on a server without ENCRYPTION_KEY: the answer stays the same and the log says why', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = uniqueEmail('no-key-reset');
    await signUp('Reset Me', email);
    expect(await forgotPassword(email, { ENCRYPTION_KEY: undefined })).toEqual([]);
    expect(errors.mock.calls.flat().join(' ')).toContain('ENCRYPTION_KEY is not set');
  });
});
