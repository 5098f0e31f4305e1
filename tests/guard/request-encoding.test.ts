import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';
import { bearer } from './victim';

// ADR 011: bodies are UTF-8 and well-formed Unicode; every API answer is no-store and
// nosniff; the API answers on the literal /api/v1 path only.

const contactCount = async (me: Session) => (await json(await as(me, '/api/v1/contacts'))).meta.total;
const rawJson = (me: Session, path: string, body: BodyInit, method = 'POST') =>
  as(me, `/api/v1${path}`, { method, body, headers: { 'content-type': 'application/json; charset=utf-8' } });
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('JSON bodies that are not UTF-8 or not well-formed Unicode', () => {
  it('answer 400 invalid_request and store nothing', async () => {
    const me = await signUp();
    const before = await contactCount(me);
    const bad: [string, BodyInit][] = [
      ['a 0xFF byte', bytes('{"first_name":"Ada', [0xff], '"}')],
      ['an encoded surrogate (CESU-8)', bytes('{"first_name":"Ada', [0xed, 0xa0, 0x80], '"}')],
      ['a truncated sequence', bytes('{"first_name":"Ada', [0xc3], '"}')],
      ['an overlong slash', bytes('{"first_name":"Ada', [0xc0, 0xaf], '"}')],
      ['a lone high surrogate escape', '{"first_name":"Ada\\ud800"}'],
      ['a lone low surrogate escape', '{"first_name":"\\udc00Ada"}'],
      ['reversed surrogates', '{"notes":"\\udc00\\ud800","first_name":"Ada"}'],
      ['a lone surrogate in a key', '{"first_name":"Ada","\\ud800":1}'],
      ['a lone surrogate in a list', '{"first_name":"Ada","tags":["ok","x\\udbff"]}'],
    ];
    for (const [what, body] of bad) {
      const res = await rawJson(me, '/contacts', body);
      expect(res.status, what).toBe(400);
      expect((await json(res)).error.code, what).toBe('invalid_request');
    }
    expect(await contactCount(me)).toBe(before);
  });

  it('name the field that holds the lone surrogate', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Ada' });
    const res = await rawJson(me, `/contacts/${c.id}`, '{"tags":["fine","bad\\ud834"]}', 'PATCH');
    expect((await json(res)).error.details.issues).toEqual([{ path: 'tags.1', message: expect.stringMatching(/lone surrogate/) }]);
  });

  it('keep accepting paired surrogates, escaped or raw, and a BOM', async () => {
    const me = await signUp();
    const escaped = await rawJson(me, '/contacts', '{"first_name":"Smile \\ud83d\\ude00"}');
    expect(escaped.status).toBe(201);
    expect((await json(escaped)).data.first_name).toBe('Smile 😀');
    const raw = await rawJson(me, '/contacts', bytes([0xef, 0xbb, 0xbf], '{"first_name":"Zoë 😀"}'));
    expect(raw.status).toBe(201);
    expect((await json(raw)).data.first_name).toBe('Zoë 😀');
  });

  it('are refused on public routes too (sign-up)', async () => {
    const res = await call('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"${uniqueEmail()}","password":"correct horse battery","name":"\\udfff"}`,
    });
    expect(res.status).toBe(400);
  });
});

describe('page form posts that are not UTF-8', () => {
  const postForm = (me: Session, path: string, body: string) =>
    as(me, path, { method: 'POST', body, headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' } });

  it('are refused before any action runs, and good ones still work', async () => {
    const me = await signUp();
    const before = await contactCount(me);
    for (const body of ['first_name=Ada%FF', 'first_name=Ada%ED%A0%80', 'first_name=%C3&last_name=%A9']) {
      const res = await postForm(me, '/contacts/new', body);
      expect(res.status, body).toBe(400);
      expect(await res.text()).toMatch(/not sent as UTF-8/);
    }
    expect(await contactCount(me)).toBe(before);
    const good = await postForm(me, '/contacts/new', 'first_name=Zo%C3%AB+%F0%9F%98%80&last_name=100%25');
    expect(good.status).toBe(302);
    const id = good.headers.get('location')!.split('/').pop();
    expect((await json(await as(me, `/api/v1/contacts/${id}`))).data).toMatchObject({ first_name: 'Zoë 😀', last_name: '100%' });
  });
});

describe('response headers', () => {
  const expectGuarded = (res: Response, what: string) => {
    expect(res.headers.get('cache-control'), what).toBe('no-store');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  };

  it('every kind of API answer is no-store and nosniff: data, exports, errors, 401 and 429', async () => {
    const me = await signUp();
    for (const path of [
      '/me',
      '/contacts',
      '/export.json',
      '/contacts/export.csv',
      '/contacts/export.vcf',
      '/contacts/not-an-id',
      '/no/such/route',
      '/contacts?page=0',
    ]) {
      const res = await as(me, `/api/v1${path}`);
      expectGuarded(res, path);
    }
    expectGuarded(await call('/api/v1/me'), '401');
    expectGuarded(await call('/api/v1/health'), 'health');
    expectGuarded(await rawJson(me, '/contacts', '{"first_name":"\\ud800"}'), 'bad body');
    const email = uniqueEmail('limited');
    let last: Response | undefined;
    for (let i = 0; i < 8 && last?.status !== 429; i++)
      last = await call('/api/v1/auth/login', {
        method: 'POST',
        // One source: sign-in failures are counted per source and address (ADR 007).
        headers: { 'cf-connecting-ip': '203.0.113.77' },
        json: { email, password: 'wrong password' },
      });
    expect(last!.status).toBe(429);
    expectGuarded(last!, '429');
  });

  it('pages are no-store and nosniff too', async () => {
    const me = await signUp();
    for (const path of ['/home', '/contacts', '/login']) expectGuarded(await as(me, path), path);
  });
});

describe('one canonical API path', () => {
  it('answers 404 on encoded or case-changed aliases of /api/v1, and 200 on the literal path', async () => {
    const me = await signUp();
    const token = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'alias' } }))).data.token;
    expect((await call('/api/v1/me', bearer(token))).status).toBe(200);
    for (const alias of [
      '/%61pi/v1/me',
      '/%61%70%69/v1/me',
      '/api/%76%31/me',
      '/api/v1/%6De',
      '/API/v1/me',
      '/Api/V1/me',
      '/%61pi/v1/health',
    ]) {
      const res = await call(alias, bearer(token));
      expect(res.status, alias).toBe(404);
      expect(await res.text(), alias).not.toContain(me.user.email);
    }
  });

  it('keeps percent-encoded ids and tags that need it', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Tagged', tags: ['2nd tier'] });
    const renamed = await as(me, `/api/v1/tags/${encodeURIComponent('2nd tier')}`, { method: 'PATCH', json: { name: 'second tier' } });
    expect(renamed.status).toBe(200);
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data.tags).toEqual(['second tier']);
  });
});
