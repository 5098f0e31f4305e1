import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, validBookmark } from '../../worker/db/d1-session';
import type { Env } from '../../worker/env';
import { deliverJobs } from '../geocoding/support';
import { createContact, json, ORIGIN, signUp, type Session } from '../support/client';

/**
 * The D1 binding as the platform hands it over, recording how each request opened its session
 * (the constraint or the bookmark) and how many statements went to the binding outside one.
 * Locally there is no replica to lag behind, so these tests prove the plumbing: which bookmark
 * each request starts from, and that the next request is given the one the last answer carried.
 */
function recordingD1() {
  const real = (env as unknown as Env).DB;
  const sessions: string[] = [];
  let outsideSession = 0;
  const db = new Proxy(real, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (constraintOrBookmark?: string) => {
          sessions.push(constraintOrBookmark ?? 'first-unconstrained');
          return target.withSession(constraintOrBookmark);
        };
      }
      if (prop === 'prepare' || prop === 'batch') outsideSession++;
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, sessions, outside: () => outsideSession, env: { ...(env as unknown as Env), DB: db } as Env };
}

/** One request to the real Worker with the recording binding; `cookie` is the whole Cookie header. */
async function send(
  recorder: ReturnType<typeof recordingD1>,
  path: string,
  init: {
    method?: string;
    cookie?: string;
    headers?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string>;
    origin?: string;
  } = {},
) {
  const origin = init.origin ?? ORIGIN;
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', `198.51.100.${Math.floor(Math.random() * 250)}`);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.method && init.method !== 'GET') headers.set('origin', origin);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    headers.set('host', new URL(origin).host);
    body = new URLSearchParams(init.form);
  }
  const request = new Request(`${origin}${path}`, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], recorder.env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const bookmarkCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
const bookmarkIn = (setCookie: string | undefined) => setCookie?.split(';')[0]!.slice(BOOKMARK_COOKIE.length + 1) ?? null;
const withBookmark = (me: Session, bookmark: string) => `${me.cookie}; ${BOOKMARK_COOKIE}=${bookmark}`;

describe("reads from replicas at the user's own bookmark (ADR 014)", () => {
  it('an API write answers its bookmark, and a read that carries it starts there and sees the write', async () => {
    const me = await signUp('Bookmark Api');
    const d1 = recordingD1();

    const created = await send(d1, '/api/v1/contacts', {
      method: 'POST',
      cookie: me.cookie,
      json: { first_name: 'Ada', last_name: 'Replica' },
    });
    expect(created.status).toBe(201);
    const written = created.headers.get(BOOKMARK_HEADER);
    expect(validBookmark(written)).toBe(written);
    expect(d1.sessions).toEqual(['first-primary']);
    // No bookmark cookie was sent, so none is set: API clients carry the header.
    expect(bookmarkCookieOf(created)).toBeUndefined();
    const { data: contact } = await json(created);

    const read = await send(d1, `/api/v1/contacts/${contact.id}`, { cookie: me.cookie, headers: { [BOOKMARK_HEADER]: written! } });
    expect(read.status).toBe(200);
    expect((await json(read)).data.full_name).toBe('Ada Replica');
    expect(d1.sessions).toEqual(['first-primary', written]);
    // Bookmarks sort oldest to newest: the read's answer is never behind the write it followed.
    expect(read.headers.get(BOOKMARK_HEADER)! >= written!).toBe(true);

    const fresh = await send(d1, '/api/v1/me', { cookie: me.cookie });
    expect(fresh.status).toBe(200);
    expect(d1.sessions.at(-1)).toBe('first-unconstrained');
  });

  it('a page sets the bookmark cookie, and the page loaded after a form write starts at that write and shows it', async () => {
    const me = await signUp('Bookmark Page');
    const d1 = recordingD1();

    const form = await send(d1, '/contacts/new', { cookie: me.cookie });
    expect(form.status).toBe(200);
    const first = bookmarkCookieOf(form)!;
    expect(first).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f-]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`));
    expect(d1.sessions).toEqual(['first-unconstrained']);

    const saved = await send(d1, '/contacts/new', {
      method: 'POST',
      cookie: withBookmark(me, bookmarkIn(first)!),
      form: { first_name: 'Grace', last_name: 'Replica' },
    });
    expect(saved.status).toBe(302);
    expect(d1.sessions.at(-1)).toBe('first-primary');
    const written = bookmarkIn(bookmarkCookieOf(saved));
    expect(validBookmark(written)).toBe(written);
    expect(written! >= bookmarkIn(first)!).toBe(true);

    const detail = await send(d1, saved.headers.get('location')!, { cookie: withBookmark(me, written!) });
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain('Grace Replica');
    expect(d1.sessions.at(-1)).toBe(written);
  });

  it('over https the cookie is Secure', async () => {
    const me = await signUp('Bookmark Secure');
    const res = await send(recordingD1(), '/contacts/new', { cookie: me.cookie, origin: 'https://kith.test' });
    expect(res.status).toBe(200);
    expect(bookmarkCookieOf(res)).toMatch(/; Secure$/);
  });

  it("the API reads from the browser's bookmark cookie and moves it on a write, so the pages after an API write see it", async () => {
    const me = await signUp('Bookmark Browser');
    const d1 = recordingD1();
    const page = bookmarkIn(bookmarkCookieOf(await send(d1, '/contacts/new', { cookie: me.cookie })))!;

    const list = await send(d1, '/api/v1/contacts', { cookie: withBookmark(me, page) });
    expect(list.status).toBe(200);
    expect(d1.sessions.at(-1)).toBe(page);

    const created = await send(d1, '/api/v1/contacts', {
      method: 'POST',
      cookie: withBookmark(me, page),
      json: { first_name: 'Linus', last_name: 'Replica' },
    });
    expect(created.status).toBe(201);
    const moved = bookmarkIn(bookmarkCookieOf(created));
    expect(moved).toBe(created.headers.get(BOOKMARK_HEADER));
    expect(moved! > page).toBe(true);

    const listPage = await send(d1, '/contacts', { cookie: withBookmark(me, moved!) });
    expect(listPage.status).toBe(200);
    expect(await listPage.text()).toContain('Linus Replica');
    expect(d1.sessions.at(-1)).toBe(moved);
  });

  it('ignores a malformed bookmark in the header or the cookie: the read starts unconstrained and answers as usual', async () => {
    const me = await signUp('Bookmark Garbage');
    const d1 = recordingD1();
    const garbage = [
      'first-primary',
      'not a bookmark',
      '00000001-zz',
      '0'.repeat(200),
      '../../etc/passwd',
      '00000001-00000002<script>',
      '%00',
      '-',
      '00000001--00000002',
    ];
    for (const value of garbage) {
      const api = await send(d1, '/api/v1/me', { cookie: me.cookie, headers: { [BOOKMARK_HEADER]: value } });
      expect(api.status, value).toBe(200);
      expect(d1.sessions.at(-1), value).toBe('first-unconstrained');
      expect(validBookmark(api.headers.get(BOOKMARK_HEADER)), value).toBe(api.headers.get(BOOKMARK_HEADER));

      const page = await send(d1, '/contacts', { cookie: `${me.cookie}; ${BOOKMARK_COOKIE}=${value}` });
      expect(page.status, value).toBe(200);
      expect(d1.sessions.at(-1), value).toBe('first-unconstrained');
      // The bad value is replaced by one D1 gave out.
      const replaced = bookmarkIn(bookmarkCookieOf(page));
      expect(validBookmark(replaced), value).toBe(replaced);
    }
  });

  it('writes start on the primary whatever bookmark they carry', async () => {
    const me = await signUp('Bookmark Writer');
    const d1 = recordingD1();
    const created = await send(d1, '/api/v1/contacts', { method: 'POST', cookie: me.cookie, json: { first_name: 'Edsger' } });
    const bookmark = created.headers.get(BOOKMARK_HEADER)!;
    const { data: contact } = await json(created);

    const patched = await send(d1, `/api/v1/contacts/${contact.id}`, {
      method: 'PATCH',
      cookie: withBookmark(me, bookmark),
      headers: { [BOOKMARK_HEADER]: bookmark },
      json: { last_name: 'Primary' },
    });
    expect(patched.status).toBe(200);
    const deleted = await send(d1, `/api/v1/contacts/${contact.id}`, {
      method: 'DELETE',
      cookie: withBookmark(me, bookmark),
      headers: { [BOOKMARK_HEADER]: bookmark },
    });
    expect(deleted.status).toBe(204);
    const page = await send(d1, '/contacts/new', { method: 'POST', cookie: withBookmark(me, bookmark), form: { first_name: 'Barbara' } });
    expect(page.status).toBe(302);
    expect(d1.sessions).toEqual(['first-primary', 'first-primary', 'first-primary', 'first-primary']);
  });

  it('the OpenAPI document names the header on every read and every answer', async () => {
    const doc = await json(await send(recordingD1(), '/api/v1/openapi.json'));
    const contact = doc.paths['/api/v1/contacts/{id}'];
    expect(contact.get.parameters).toContainEqual(expect.objectContaining({ name: BOOKMARK_HEADER, in: 'header', required: false }));
    expect(contact.get.responses['200'].headers[BOOKMARK_HEADER]).toEqual({ $ref: '#/components/headers/D1Bookmark' });
    expect(contact.patch.responses['200'].headers[BOOKMARK_HEADER]).toEqual({ $ref: '#/components/headers/D1Bookmark' });
    // Writes ignore it, so they do not list it.
    expect((contact.patch.parameters ?? []).map((p: { name: string }) => p.name)).not.toContain(BOOKMARK_HEADER);
    const { schema } = doc.components.headers.D1Bookmark;
    expect(new RegExp(schema.pattern).test('00000000-00000021-00000000-00000000000000000000000000000000')).toBe(true);
  });

  it('queue jobs and the email handler use the plain binding, which reaches the primary', async () => {
    const me = await signUp('Bookmark Jobs');
    const contact = await createContact(me, { first_name: 'Rosalind', location: 'Lisbon, Portugal' });
    const d1 = recordingD1();
    const delivery = await deliverJobs([{ type: 'geocode_contact', user_id: me.user.id, contact_id: contact.id }], { target: d1.env });
    expect(delivery.acked).toHaveLength(1);
    expect(d1.sessions).toEqual([]);
    expect(d1.outside()).toBeGreaterThan(0);

    const before = d1.outside();
    const raw = new TextEncoder().encode('From: a@example.com\r\nTo: log+nosuchtoken@in.kith.test\r\nSubject: hi\r\n\r\nhello\r\n');
    const rejected: string[] = [];
    const message = {
      from: 'a@example.com',
      to: 'log+nosuchtoken@in.kith.test',
      headers: new Headers(),
      raw: new ReadableStream({ start: (c) => (c.enqueue(raw), c.close()) }),
      rawSize: raw.byteLength,
      setReject: (reason: string) => void rejected.push(reason),
    };
    await worker.email(message as unknown as ForwardableEmailMessage, d1.env);
    expect(rejected).toEqual(['Unknown Kith logging address']);
    expect(d1.sessions).toEqual([]);
    expect(d1.outside()).toBeGreaterThan(before);
  });
});
