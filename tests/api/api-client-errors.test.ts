import { env } from 'cloudflare:workers';
import { hc } from 'hono/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, bodyOf, dataOf } from '../../app/api/client';
import { createApiApp, type ApiApp } from '../../worker/api/app';
import type { Env } from '../../worker/env';
import { ORIGIN, signUp, type Session } from '../support/client';
import { freezeAtStartOfMinute } from '../support/clock';

/** The browser's typed client, signed in as `me`, against the real API app and D1. */
function browserApi(me: Session, settings: Partial<Env> = {}) {
  const app = createApiApp();
  const bindings = { ...(env as unknown as Env), ...settings } as Env;
  return hc<ApiApp>(ORIGIN, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init, bindings),
    headers: { cookie: me.cookie, origin: ORIGIN },
  }).api.v1;
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error as ApiError,
  );

// What the browser's code reads of a failed call: the API's error envelope, typed (API.md "Errors").
describe("the browser client's errors", () => {
  afterEach(() => vi.useRealTimers());

  it('carries the code, message and details of the error envelope', async () => {
    const api = browserApi(await signUp());
    const missing = await failureOf(dataOf(api.contacts[':id'].$get({ param: { id: 'nobody' } })));
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'Contact not found' });

    const invalid = await failureOf(dataOf(api.contacts.$post({ json: { first_name: 'Ada', emails: ['not an email'] } as never })));
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(invalid.details?.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('emails') })]));
  });

  it("reports a 429's Retry-After before it throws, so the countdown starts", async () => {
    const api = browserApi(await signUp(), { API_RATE_LIMIT_PER_MINUTE: '1' });
    freezeAtStartOfMinute();
    await bodyOf(api.contacts.ids.$get({ query: {} }));
    const countdowns: number[] = [];
    const limited = await failureOf(bodyOf(api.contacts.ids.$get({ query: {} }), (seconds) => countdowns.push(seconds)));
    expect(countdowns).toEqual([59]);
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 59, details: { retry_after: 59 } });
  });

  it("has no code when the answer is not the API's envelope (a proxy's error page)", async () => {
    const page = Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const failure = await failureOf(bodyOf(page as never));
    expect(failure).toMatchObject({ status: 502, code: null, message: 'Request failed (502)' });
  });
});
