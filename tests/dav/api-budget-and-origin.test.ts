import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { json, ORIGIN } from '../support/client';
import { freezeAtStartOfMinute } from '../support/clock';
import { phoneOf, propfindBody } from './dav-support';

// Issue 42's safety bullet: "Basic auth over the app's origin only; the same rate limits ... as
// the API". A phone's requests spend the user's one API budget (ADR 046: 'api:<user>', the
// counter the API and the /contacts search draw on), so a runaway client cannot double what an
// account may ask; and a sync password is taken only at the app's own address (APP_URL), never
// at another host name the Worker answers on, nor from a web page of another site.

const run = async (request: Request, bindings: Env) => {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as never, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
};
const suiteEnv = env as unknown as Env;

describe('a phone’s requests and the API', () => {
  afterEach(() => vi.useRealTimers());

  it('spend one per-user budget: past it both are answered 429 with Retry-After', async () => {
    // The window is a fixed minute: everything below shares one, the sync password's making too.
    freezeAtStartOfMinute();
    const phone = await phoneOf(undefined, 'Budget iPhone');
    const spent = await suiteEnv.DB.prepare('SELECT count FROM rate_limits WHERE key = ?1')
      .bind(`api:${phone.session.user.id}`)
      .first<number>('count');
    // Three more requests fit under the limit.
    const limited = { ...suiteEnv, API_RATE_LIMIT_PER_MINUTE: String((spent ?? 0) + 3) } as Env;
    const propfind = () =>
      run(
        new Request(`${ORIGIN}${phone.book}`, {
          method: 'PROPFIND',
          headers: { authorization: phone.auth, depth: '0', 'content-type': 'application/xml' },
          body: propfindBody('<A:getetag/>'),
        }),
        limited,
      );
    const api = () => run(new Request(`${ORIGIN}/api/v1/contacts`, { headers: { cookie: phone.session.cookie } }), limited);

    expect((await api()).status).toBe(200);
    expect((await propfind()).status).toBe(207);
    expect((await propfind()).status).toBe(207);
    // The fourth request of the minute, DAV or API, is over the limit.
    const refused = await propfind();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('59');
    expect(await refused.text()).toMatch(/<d:error[\s\S]*responsedescription/);
    const apiRefused = await api();
    expect(apiRefused.status).toBe(429);
    expect((await json(apiRefused)).error.code).toBe('rate_limited');
  });
});

describe('a sync password', () => {
  it('is taken at the app’s own address only: another host is told where to sync, another site is refused', async () => {
    const phone = await phoneOf(undefined, 'Origin iPhone');
    const propfind = (url: string, headers: Record<string, string> = {}) =>
      run(
        new Request(url, {
          method: 'PROPFIND',
          headers: { authorization: phone.auth, depth: '0', 'content-type': 'application/xml', ...headers },
          body: propfindBody('<A:current-user-principal/>'),
        }),
        suiteEnv,
      );
    expect((await propfind(`${ORIGIN}/dav/`)).status).toBe(207);

    for (const elsewhere of ['http://kith-preview.workers.dev/dav/', 'https://kith.test/dav/', 'http://kith.test:8443/dav/']) {
      const res = await propfind(elsewhere);
      expect(res.status, elsewhere).toBe(421);
      expect(await res.text()).toContain(`${ORIGIN}/dav/`);
    }
    // A web page of another site cannot use credentials a browser remembered for this one.
    const fromPage = await propfind(`${ORIGIN}/dav/`, { origin: 'https://evil.example' });
    expect(fromPage.status).toBe(403);
    expect(await fromPage.text()).toContain('another website');
  });
});
