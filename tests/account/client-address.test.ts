import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { ORIGIN, uniqueEmail } from '../support/client';

// Issue 41 item 9: cf-connecting-ip is trusted only when BEHIND_CLOUDFLARE says requests come
// through Cloudflare's edge (wrangler.toml: "true"); otherwise a client could send any address
// and start afresh at every per-source limit. A malformed value stops the Worker with its name.
const PASSWORD = 'correct horse battery';

async function run(path: string, init: RequestInit & { json?: unknown }, behindCloudflare: string | undefined) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(`${ORIGIN}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const ctx = createExecutionContext();
  // A fresh env object: settings are read once per env.
  const bindings = { ...(env as unknown as Env), BEHIND_CLOUDFLARE: behindCloudflare };
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** 26 wrong passwords for 26 addresses, each from a different claimed address: the per-source limit is 5 × 5. */
async function rotatingAttacker(behindCloudflare: string | undefined): Promise<number[]> {
  const statuses: number[] = [];
  const tag = Math.random().toString(36).slice(2);
  for (let i = 0; i < 26; i++) {
    const res = await run(
      '/api/v1/auth/login',
      {
        method: 'POST',
        headers: { 'cf-connecting-ip': `192.0.2.${i}-${tag}` },
        json: { email: uniqueEmail('nobody'), password: 'a wrong guess' },
      },
      behindCloudflare,
    );
    statuses.push(res.status);
  }
  return statuses;
}

describe('cf-connecting-ip', () => {
  it('behind Cloudflare, each claimed address is its own source', async () => {
    expect((await rotatingAttacker('true')).every((s) => s === 401)).toBe(true);
  });

  it('not behind Cloudflare, a rotating header is one source and reaches the limit', async () => {
    const statuses = await rotatingAttacker('false');
    expect(statuses.at(-1)).toBe(429);
    // The owner from a browser that signed in before still gets in (ADR 007): no lockout by the flood.
    const email = uniqueEmail('owner');
    const signup = await run(
      '/api/v1/auth/signup',
      { method: 'POST', headers: { 'cf-connecting-ip': '198.51.100.7' }, json: { email, password: PASSWORD, name: 'Owner' } },
      'true',
    );
    const device = signup.headers
      .getSetCookie()
      .find((c) => c.startsWith('kith_device='))!
      .split(';')[0]!;
    const mine = await run(
      '/api/v1/auth/login',
      { method: 'POST', headers: { cookie: device }, json: { email, password: PASSWORD } },
      'false',
    );
    expect(mine.status).toBe(200);
  });

  it('a malformed BEHIND_CLOUDFLARE stops every request with the setting named', async () => {
    await expect(run('/api/v1/health', {}, 'yes please')).rejects.toThrow(/BEHIND_CLOUDFLARE must be/);
  });
});
