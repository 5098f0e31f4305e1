import { describe, expect, it } from 'vitest';
import { as, call, createContact, ORIGIN, signUp, type Session } from '../support/client';

const HOST = new URL(ORIGIN).host;

/** A page request as a browser sends it in production, where Host is always present. */
function page(session: Session | null, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('host', HOST);
  if (session) headers.set('cookie', session.cookie);
  return call(path, { ...init, headers });
}

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** The app's error page: the status, its message, and the navigation to carry on from. */
async function expectErrorPage(res: Response, status: number, message: RegExp) {
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  expect(html).toMatch(message);
  expect(html).toMatch(/<nav aria-label="Main"/);
  expect(html).toContain('href="/contacts"');
}

async function contactExists(me: Session, id: string) {
  return (await as(me, `/api/v1/contacts/${id}`)).status === 200;
}

describe('a page write from another website', () => {
  it('answers 403 with the app error page, for a signed-in user and on the login form, and acts on nothing', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const evil = { origin: 'https://evil.example' };
    const { body, headers } = form({ intent: 'delete' });
    await expectErrorPage(await page(me, `/contacts/${c.id}`, { method: 'POST', body, headers: { ...headers, ...evil } }), 403, /another website/);
    expect(await contactExists(me, c.id)).toBe(true);

    const login = form({ email: me.user.email, password: 'correct horse battery' });
    const res = await page(null, '/login', { method: 'POST', body: login.body, headers: { ...login.headers, ...evil } });
    await expectErrorPage(res, 403, /another website/);
    expect(res.headers.get('set-cookie')).toBeNull();

    // An Origin that is not even a URL, and "null" (a sandboxed frame), are refused the same way.
    for (const origin of ['garbage', 'null']) {
      const again = form({ intent: 'delete' });
      expect((await page(me, `/contacts/${c.id}`, { method: 'POST', body: again.body, headers: { ...again.headers, origin } })).status, origin).toBe(403);
    }
    // A data request (what Remix's fetchers send) is refused too.
    const data = form({ intent: 'delete' });
    const fetcher = await page(me, `/contacts/${c.id}?_data=routes%2F_app.contacts.%24id`, { method: 'POST', body: data.body, headers: { ...data.headers, ...evil } });
    expect(fetcher.status).toBe(403);
    expect(await contactExists(me, c.id)).toBe(true);
  });

  it('still takes the same form from our own origin', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const { body, headers } = form({ intent: 'delete' });
    const res = await page(me, `/contacts/${c.id}`, { method: 'POST', body, headers: { ...headers, origin: ORIGIN } });
    expect(res.status).toBe(302);
    expect(await contactExists(me, c.id)).toBe(false);
  });
});

describe('a page request with a method pages do not take', () => {
  it('answers 405 with Allow and the app error page, and the action never runs', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const { body, headers } = form({ intent: 'delete' });
      const res = await page(me, `/contacts/${c.id}`, { method, body, headers: { ...headers, origin: ORIGIN } });
      expect(res.headers.get('allow'), method).toBe('GET, HEAD, POST');
      await expectErrorPage(res, 405, /does nothing here/);
    }
    for (const method of ['OPTIONS', 'PROPFIND']) expect((await page(me, '/home', { method })).status, method).toBe(405);
    expect(await contactExists(me, c.id)).toBe(true);
  });
});
