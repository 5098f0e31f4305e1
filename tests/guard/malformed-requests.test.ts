import { describe, expect, it } from 'vitest';
import { BOOKMARK_COOKIE } from '../../worker/db/d1-session';
import { generateFollowups } from '../../worker/domain/followups/followups';
import { as, call, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { allContacts, upload } from '../support/imports';
import { userDeps } from '../support/stores';

const HOST = new URL(ORIGIN).host;

/** A page request as a browser sends it in production, where Host is always present. */
function page(session: Session | null, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('host', HOST);
  if (session) headers.set('cookie', session.cookie);
  return call(path, { ...init, headers });
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

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
    await expectErrorPage(
      await page(me, `/contacts/${c.id}`, { method: 'POST', body, headers: { ...headers, ...evil } }),
      403,
      /another website/,
    );
    expect(await contactExists(me, c.id)).toBe(true);

    const login = form({ email: me.user.email, password: 'correct horse battery' });
    const res = await page(null, '/login', { method: 'POST', body: login.body, headers: { ...login.headers, ...evil } });
    await expectErrorPage(res, 403, /another website/);
    expect(res.headers.get('set-cookie')).toBeNull();

    // An Origin that is not even a URL, and "null" (a sandboxed frame), are refused the same way.
    for (const origin of ['garbage', 'null']) {
      const again = form({ intent: 'delete' });
      expect(
        (await page(me, `/contacts/${c.id}`, { method: 'POST', body: again.body, headers: { ...again.headers, origin } })).status,
        origin,
      ).toBe(403);
    }
    // A data request (what Remix's fetchers send) is refused too.
    const data = form({ intent: 'delete' });
    const fetcher = await page(me, `/contacts/${c.id}?_data=routes%2F_app.contacts.%24id`, {
      method: 'POST',
      body: data.body,
      headers: { ...data.headers, ...evil },
    });
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
    // A form posted to a page that takes none: Remix's own 405, which says only reading is allowed.
    const { body, headers } = form({ intent: 'x' });
    const noForm = await page(me, '/map', { method: 'POST', body, headers: { ...headers, origin: ORIGIN } });
    expect(noForm.status).toBe(405);
    expect(noForm.headers.get('allow')).toBe('GET, HEAD');
    expect(await contactExists(me, c.id)).toBe(true);
  });
});

describe('a redirect to a target with characters a header cannot carry', () => {
  it('signed in, /login?redirectTo= with a newline, a control character or non-ASCII text answers a 302 on this site', async () => {
    const me = await signUp();
    // As sent on the wire: a newline, CR LF, NUL, Cyrillic, invalid UTF-8 (a lone surrogate), a leading newline.
    for (const target of [
      '/home%0ASet-Cookie:%20planted=1',
      '/%0D%0A%0D%0A%3Cscript%3E',
      '/contacts%00',
      '/%D0%BA%D0%BE%D0%BD%D1%82%D0%B0%D0%BA%D1%82%D1%8B',
      '/%ED%A0%80',
      '%0A/home',
    ]) {
      const res = await page(me, `/login?redirectTo=${target}`);
      expect(res.status, JSON.stringify(target)).toBe(302);
      const location = res.headers.get('location')!;
      expect(location, JSON.stringify(target)).toMatch(/^\/[^/\\]/);
      expect(location).toMatch(/^[!-~]+$/);
      // Nothing planted: the only cookie is the D1 bookmark every page carries (ADR 014).
      expect(res.headers.getSetCookie().filter((c) => !c.startsWith(`${BOOKMARK_COOKIE}=`))).toEqual([]);
    }
  });
});

describe('a page form whose body cannot be read', () => {
  const BROKEN: [string, Record<string, string>][] = [
    ['--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete', { 'content-type': 'multipart/form-data; boundary=zzz' }],
    ['intent=delete', { 'content-type': 'multipart/form-data' }],
    ['\u0000\u0001', { 'content-type': 'multipart/form-data; boundary=' }],
    ['{"intent":"delete"}', { 'content-type': 'application/json' }],
  ];

  it('answers 400 with the app error page on the contact page, and deletes nothing', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    for (const [body, headers] of BROKEN) {
      await expectErrorPage(
        await page(me, `/contacts/${c.id}`, { method: 'POST', body, headers: { ...headers, origin: ORIGIN } }),
        400,
        /form could not be read/,
      );
    }
    expect(await contactExists(me, c.id)).toBe(true);
  });

  it('answers 413 to a form over 1 MB, with or without Content-Length, before reading the rest, and adds nothing', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const big = `intent=add-note&body=${'a'.repeat(2 * 1024 * 1024)}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
    await expectErrorPage(await page(me, `/contacts/${c.id}`, { method: 'POST', body: big, headers }), 413, /larger than 1 MB/);
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('intent=add-note&body='));
        if (sent > 50 * 1024 * 1024) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    const streamed = await page(me, `/contacts/${c.id}`, { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(10 * 1024 * 1024);
    expect((await json(await as(me, `/api/v1/contacts/${c.id}/timeline`))).data).toEqual([]);
  });

  it('answers a 4xx on every other page that takes a form, signed in or not', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const org = (await json(await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'Acme' } }))).data;
    const paths = [
      '/contacts/new',
      '/home',
      '/tags',
      '/settings',
      `/organizations/${org.id}`,
      '/settings/failed-jobs',
      '/settings/integrations/telegram',
      `/contacts/${c.id}?_data=routes%2F_app.contacts.%24id`,
    ];
    const signedOut = ['/login', '/signup', '/forgot-password', '/reset-password?token=x', '/login/two-factor'];
    for (const [body, headers] of BROKEN) {
      for (const [who, path] of [...paths.map((p) => [me, p] as const), ...signedOut.map((p) => [null, p] as const)]) {
        const res = await page(who, path, { method: 'POST', body, headers: { ...headers, origin: ORIGIN } });
        expect(res.status, `${path} ${headers['content-type']}`).toBeGreaterThanOrEqual(300);
        expect(res.status, `${path} ${headers['content-type']}`).toBeLessThan(500);
      }
    }
  });
});

describe('numbers out of range', () => {
  it('a snooze of -99999999999 days (or 0, 366, 1.5, 1e400) is a 400 on the contact page, the home page and the API, and leaves the suggestion open', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    await generateFollowups((await userDeps(me)).db, me.user.id, new Date(Date.now() + 400 * 86_400_000));
    const [followup] = (await json(await as(me, '/api/v1/followups'))).data;
    expect(followup).toBeDefined();
    for (const days of ['-99999999999', '0', '366', '1.5', '1e400', 'soon']) {
      const onContact = await page(me, `/contacts/${c.id}`, {
        method: 'POST',
        ...form({ intent: 'snooze-followup', id: followup.id, days }),
        headers: { ...form({}).headers, origin: ORIGIN },
      });
      expect(onContact.status, days).toBe(400);
      expect(await onContact.text()).toMatch(/days must be a whole number from 1 to 365/);
      const onHome = await page(me, '/home', {
        method: 'POST',
        ...form({ intent: 'snooze', id: followup.id, days }),
        headers: { ...form({}).headers, origin: ORIGIN },
      });
      expect(onHome.status, days).toBe(400);
    }
    for (const body of ['{"days":-99999999999}', '{"days":1e400}', '{"days":366}']) {
      const res = await as(me, `/api/v1/followups/${followup.id}/snooze`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
      expect((await json(res)).error.code).toBe('invalid_request');
    }
    expect((await json(await as(me, '/api/v1/followups'))).data).toMatchObject([{ id: followup.id, status: 'pending' }]);
  });

  it('a page number no list has (1e308, Infinity, 20 digits) shows the first page of organizations', async () => {
    const me = await signUp();
    await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'Acme' } });
    for (const n of ['1e308', 'Infinity', '99999999999999999999', '-5']) {
      const res = await page(me, `/organizations?page=${n}`);
      expect(res.status, n).toBe(200);
      expect(await res.text()).toContain('Acme');
    }
  });
});

describe('a value too large for the database', () => {
  it('a CSV with one 8 MB field is refused up front with a 400 naming the row, on preview and import, and nothing is stored', async () => {
    const me = await signUp();
    const csv = `Name,Email,Notes\nGrace,grace@example.com,short\nAda,ada@example.com,"${'x'.repeat(8 * 1024 * 1024)}"\n`;
    for (const path of ['/api/v1/imports/csv/preview', '/api/v1/imports/csv']) {
      const res = await upload(me, path, csv);
      const body = await json(res);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 300)}`).toBe(400);
      expect(body.error).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/^Row 3 is 8\.0 MB; a row can hold at most 256 KB/),
        details: { row: 3 },
      });
    }
    // A header that large is refused the same way.
    const header = await upload(me, '/api/v1/imports/csv', `Name,"${'h'.repeat(3 * 1024 * 1024)}"\nAda,x\n`);
    expect(header.status).toBe(400);
    expect((await json(header)).error.message).toMatch(/header row is 3\.0 MB/);
    expect(await allContacts(me)).toEqual([]);
  });
});
