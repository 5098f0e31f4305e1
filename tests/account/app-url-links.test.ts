import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { isOwnOrigin } from '../../worker/api/middleware/same-origin';
import { appOrigin } from '../../worker/domain/settings/app-origin';
import { signUp, uniqueEmail } from '../support/client';
import { emailBinding } from './outbox';

const APP_URL = 'https://kith.example.com';
const EVIL = 'http://evil.example';

function runWorker(request: Request, appUrl: string | undefined, extra: Partial<Env> = {}) {
  const bindings = { ...(env as unknown as Env), APP_URL: appUrl, ...extra };
  const ctx = createExecutionContext();
  return { ctx, response: worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx) };
}

/**
 * The real Worker with its own bindings: the mail binding replaced by a recorder, APP_URL as
 * the test sets it. The request is addressed to evil.example, as a forged Host header makes it.
 */
async function forgot(kind: 'api' | 'page', email: string, appUrl: string | undefined) {
  const mail = emailBinding();
  const request =
    kind === 'api'
      ? new Request(`${EVIL}/api/v1/auth/password/forgot`, {
          method: 'POST',
          headers: {
            host: 'evil.example',
            'content-type': 'application/json',
            'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}`,
          },
          body: JSON.stringify({ email }),
        })
      : new Request(`${EVIL}/forgot-password`, {
          method: 'POST',
          headers: {
            host: 'evil.example',
            origin: EVIL,
            'content-type': 'application/x-www-form-urlencoded',
            'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}`,
          },
          body: new URLSearchParams({ email }),
        });
  // The jobs it queues are delivered to the same Worker with the same bindings, as the queue would.
  const queued: unknown[] = [];
  const jobs = { send: async (body: unknown) => void queued.push(body) } as unknown as Env['JOBS'];
  const bindings = { EMAIL: mail.binding, JOBS: jobs };
  const run = runWorker(request, appUrl, bindings);
  const res = await run.response;
  await waitOnExecutionContext(run.ctx);
  // What the answer and everything it left to run did, before any job ran.
  const answered = { queued: [...queued], mailed: mail.sent.length };
  if (queued.length) await deliver(queued, appUrl, bindings);
  return { res, text: await res.text(), mail, answered };
}

async function deliver(bodies: unknown[], appUrl: string | undefined, extra: Partial<Env>): Promise<void> {
  const messages = bodies.map((body, i) => ({ id: `forgot-${i}`, timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} }));
  const batch = { queue: 'kith-jobs', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<never>;
  await worker.queue(batch, { ...(env as unknown as Env), APP_URL: appUrl, ...extra });
}

describe('password-reset links come from APP_URL only', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const kind of ['api', 'page'] as const) {
    it(`mails a link to APP_URL whatever Host the request names (${kind})`, async () => {
      const email = uniqueEmail(`host-${kind}`);
      await signUp('Victim', email);
      const { res, mail } = await forgot(kind, email, APP_URL);
      expect(res.status).toBe(kind === 'api' ? 202 : 200);
      expect(mail.sent).toHaveLength(1);
      const [link] = mail.resetLinks();
      expect(link!.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
      expect(mail.sent[0]!.text).not.toContain('evil.example');
    });

    it(`sends no mail without APP_URL, answers as always and tells the operator (${kind})`, async () => {
      const email = uniqueEmail(`nourl-${kind}`);
      await signUp('Victim', email);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const withUrl = await forgot(kind, uniqueEmail('nobody'), APP_URL);
      const without = await forgot(kind, email, undefined);
      expect(without.mail.sent).toEqual([]);
      expect(without.res.status).toBe(withUrl.res.status);
      if (kind === 'api') expect(without.text).toBe(withUrl.text);
      else expect(without.text).toContain('If an account exists for that address');
      expect(errors.mock.calls.flat().join(' ')).toContain('APP_URL is not set');
    });
  }
});

describe('forgot password does the same work for any address before the job', () => {
  // Work left to waitUntil for a known address still slowed its answer (by about 25 ms in
  // wrangler dev, medians of 20), so the answer only queues; the job looks the account up.
  for (const kind of ['api', 'page'] as const) {
    it(`queues one job, and mails nothing, whether or not the address has an account (${kind})`, async () => {
      const known = uniqueEmail(`same-${kind}`);
      await signUp('Known', known);
      const unknown = uniqueEmail(`same-nobody-${kind}`);
      const [a, b] = [await forgot(kind, known, APP_URL), await forgot(kind, unknown, APP_URL)];
      // The address travels sealed (a dead letter keeps the message), so the two jobs look alike.
      const job = { type: 'send_password_reset', email_sealed: expect.stringMatching(/^[\w-]+\.[\w-]+$/) };
      expect(a.answered).toEqual({ queued: [job], mailed: 0 });
      expect(b.answered).toEqual({ queued: [job], mailed: 0 });
      expect(JSON.stringify([a.answered, b.answered])).not.toMatch(/@example\.com/);
      // A page differs by its nonce; its words are the same.
      if (kind === 'api') expect(a.text).toBe(b.text);
      else for (const { text } of [a, b]) expect(text).toContain('If an account exists for that address');
      expect([a.mail.sent.length, b.mail.sent.length]).toEqual([1, 0]);
    });
  }
});

describe('OAuth redirect URIs come from APP_URL only', () => {
  // The operator's log line is written once per feature and isolate, so it is watched across the cases.
  let warn: MockInstance<typeof console.warn>;
  beforeAll(() => void (warn = vi.spyOn(console, 'warn').mockImplementation(() => {})));
  afterAll(() => warn.mockRestore());

  const connect = async (path: string, cookie: string, appUrl: string | undefined) => {
    const run = runWorker(new Request(`${EVIL}${path}`, { headers: { host: 'evil.example', cookie } }), appUrl);
    const res = await run.response;
    await waitOnExecutionContext(run.ctx);
    return new URL(res.headers.get('location') ?? '', EVIL);
  };

  for (const [name, path, callback] of [
    ['Google', '/settings/google/connect', '/settings/google/callback'],
    ['Google email', '/settings/google/connect?for=email', '/settings/google/callback'],
    ['X', '/settings/x/connect', '/settings/x/callback'],
  ] as const) {
    it(`sends ${name} the APP_URL callback whatever Host the request names`, async () => {
      const me = await signUp();
      const consent = await connect(path, me.cookie, APP_URL);
      expect(consent.searchParams.get('redirect_uri')).toBe(`${APP_URL}${callback}`);
    });

    it(`says in plain words that connecting ${name} is not available without APP_URL`, async () => {
      const me = await signUp();
      const landing = await connect(path, me.cookie, undefined);
      expect(landing.origin).toBe(EVIL);
      const shown = [...landing.searchParams.values()].join(' ');
      expect(shown).toMatch(/isn't available on this server yet/);
      expect(shown).not.toMatch(/APP_URL|[A-Z]{3,}_[A-Z_]+/);
      const page = await (
        await runWorker(
          new Request(`${EVIL}${landing.pathname}${landing.search}`, { headers: { host: 'evil.example', cookie: me.cookie } }),
          undefined,
        ).response
      ).text();
      expect(page).toContain("isn't available on this server yet");
    });
  }

  it('names the missing setting in the server log instead', () => {
    const lines = warn.mock.calls.map((args) => args.join(' '));
    const about = (feature: string) => [...new Set(lines.filter((line) => line.includes(feature)))];
    expect(about('Connecting Google')).toEqual(['Connecting Google is off on this server: set APP_URL (README "Settings").']);
    expect(about('Connecting X')).toEqual(['Connecting X is off on this server: set APP_URL (README "Settings").']);
  });
});

describe('the app origin and the same-origin check', () => {
  it('reads the origin from APP_URL only, and nothing from a malformed one', () => {
    expect(appOrigin({ APP_URL: 'https://kith.example.com/some/path?x=1' })).toBe('https://kith.example.com');
    expect(appOrigin({ APP_URL: undefined })).toBeNull();
    expect(appOrigin({ APP_URL: 'kith.example.com' })).toBeNull();
    expect(appOrigin({ APP_URL: 'javascript:alert(1)' })).toBeNull();
  });

  it("accepts a browser's Origin only when it is APP_URL's or the one the request was sent to", () => {
    const request = new Request('http://127.0.0.1:8787/settings', { method: 'POST' });
    expect(isOwnOrigin('http://localhost:8787', request, 'http://localhost:8787')).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:8787', request, 'http://localhost:8787')).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:8787', request, undefined)).toBe(true);
    expect(isOwnOrigin('https://evil.example', request, 'http://localhost:8787')).toBe(false);
    expect(isOwnOrigin('null', request, undefined)).toBe(false);
    expect(isOwnOrigin(null, request, 'http://localhost:8787')).toBe(false);
  });
});
