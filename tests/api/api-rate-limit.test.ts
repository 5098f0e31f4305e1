import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '../../worker/api/app';
import type { Env } from '../../worker/env';
import { ORIGIN, signUp } from '../support/client';

// The suite's binding allows 100 000 API calls a minute so other tests never trip it.
// Here the real API app runs against the same D1 with the limit an operator would set low.
describe('per-user API rate limit', () => {
  it('answers 429 with Retry-After once a user exceeds the limit, and leaves other users alone', async () => {
    const app = createApiApp();
    const limited = { ...(env as unknown as Env), API_RATE_LIMIT_PER_MINUTE: '3' } as Env;
    const me = await signUp();
    const other = await signUp();
    const get = (cookie: string) => app.request(`${ORIGIN}/api/v1/contacts?q=ada`, { headers: { cookie } }, limited);

    // The window is a fixed minute: start well inside one, so all four calls share it.
    if (Date.now() % 60_000 > 55_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
    for (let i = 0; i < 3; i++) expect((await get(me.cookie)).status).toBe(200);
    const res = await get(me.cookie);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await res.json()) as { error: { code: string; details: { retry_after: number } } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.details.retry_after).toBe(retryAfter);

    expect((await get(other.cookie)).status).toBe(200);
  });
});
