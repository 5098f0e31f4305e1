import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '../../worker/api/app';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { as, json, ORIGIN, signUp } from '../support/client';
import { freezeAtStartOfMinute } from '../support/clock';

// The suite's binding allows 100 000 API calls a minute so other tests never trip it.
// Here the real API app runs against the same D1 with the limit an operator would set low.
describe('per-user API rate limit', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 429 with Retry-After once a user exceeds the limit, and leaves other users alone', async () => {
    const app = createApiApp();
    const limited = { ...(env as unknown as Env), API_RATE_LIMIT_PER_MINUTE: '3' } as Env;
    const me = await signUp();
    const other = await signUp();
    const get = (cookie: string) => app.request(`${ORIGIN}/api/v1/contacts?q=ada`, { headers: { cookie } }, limited);

    // The window is a fixed minute: all four calls share one.
    freezeAtStartOfMinute();
    for (let i = 0; i < 3; i++) expect((await get(me.cookie)).status).toBe(200);
    const res = await get(me.cookie);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    // One second into the minute: the next window opens in 59.
    expect(retryAfter).toBe(59);
    const body = (await res.json()) as { error: { code: string; details: { retry_after: number } } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.details.retry_after).toBe(retryAfter);

    expect((await get(other.cookie)).status).toBe(200);
  });

  it('counts token calls against the same per-user limit, and a forged token counts nothing', async () => {
    const app = createApiApp();
    const limited = { ...(env as unknown as Env), API_RATE_LIMIT_PER_MINUTE: '3' } as Env;
    const me = await signUp();
    // Creating the token is the user's first API call of the window, so two more fit under 3.
    freezeAtStartOfMinute();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'script' } }))).data.token as string;
    const get = (authorization: string) => app.request(`${ORIGIN}/api/v1/contacts`, { headers: { authorization } }, limited);
    // Counters that belong to no user: a forged credential must not create one.
    const strayCounters = () =>
      (env as unknown as Env).DB.prepare(
        "SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'api:%' AND key NOT IN (SELECT 'api:' || id FROM users)",
      ).first<{ n: number }>();

    expect((await get('Bearer kith_forged-token')).status).toBe(401);
    expect((await strayCounters())!.n).toBe(0);

    for (let i = 0; i < 2; i++) expect((await get(`Bearer ${token}`)).status).toBe(200);
    const res = await get(`Bearer ${token}`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('counts the /contacts page’s search against the same budget as the API', async () => {
    const limited = { ...(env as unknown as Env), API_RATE_LIMIT_PER_MINUTE: '3' } as Env;
    const me = await signUp();
    const run = async (path: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { cookie: me.cookie } }) as never, limited, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const search = () => run(`/contacts?q=ada&_data=${encodeURIComponent('routes/_app._contact-list.contacts._index')}`);

    freezeAtStartOfMinute();
    for (let i = 0; i < 2; i++) expect((await run('/api/v1/contacts?q=ada')).status).toBe(200);
    expect((await search()).status).toBe(200);
    // The fourth request of the minute, page or API, is over the limit.
    const page = await search();
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBe(59);
    expect(await page.json()).toMatchObject({ rateLimited: true, retryAfter: 59 });
    expect((await run('/api/v1/contacts?q=ada')).status).toBe(429);
  });
});
