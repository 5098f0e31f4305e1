import { describe, expect, it } from 'vitest';
import { as, call, json, ORIGIN, signUp, uniqueEmail } from '../support/client';

describe('accounts', () => {
  it('signs up, sets an HttpOnly session cookie and answers /me', async () => {
    const email = uniqueEmail('ann');
    const res = await call('/api/v1/auth/signup', { method: 'POST', json: { email, password: 'long enough pw', name: 'Ann' } });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^kith_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await call('/api/v1/me', { headers: { cookie: cookie.split(';')[0]! } });
    expect(me.status).toBe(200);
    expect((await json(me)).data.user).toMatchObject({ email, name: 'Ann' });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await call('/api/v1/auth/signup', { method: 'POST', json: { email, password: 'long enough pw', name: 'A' } });
    const res = await call('/api/v1/auth/signup', {
      method: 'POST',
      json: { email: email.toUpperCase(), password: 'long enough pw', name: 'B' },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('conflict');
  });

  it('logs in with good credentials and refuses bad ones with the same message', async () => {
    const email = uniqueEmail('login');
    await call('/api/v1/auth/signup', { method: 'POST', json: { email, password: 'right password', name: 'L' } });
    const ok = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'right password' } });
    expect(ok.status).toBe(200);
    const wrong = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'wrong password' } });
    const unknown = await call('/api/v1/auth/login', { method: 'POST', json: { email: uniqueEmail('nobody'), password: 'x' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await json(wrong)).error).toEqual((await json(unknown)).error);
  });

  it('revokes the session on logout, server side', async () => {
    const session = await signUp();
    expect((await as(session, '/api/v1/me')).status).toBe(200);
    expect((await as(session, '/api/v1/auth/logout', { method: 'POST' })).status).toBe(204);
    const after = await as(session, '/api/v1/me');
    expect(after.status).toBe(401);
    expect((await json(after)).error.code).toBe('unauthenticated');
  });

  it('answers 401 in the error envelope without credentials or with a forged cookie', async () => {
    const attempts: Record<string, string>[] = [{}, { cookie: 'kith_session=forged' }, { authorization: 'Bearer kith_forged' }];
    for (const headers of attempts) {
      const res = await call('/api/v1/contacts', { headers });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    }
  });

  it('refuses cookie-authenticated writes from another origin, and without one', async () => {
    const session = await signUp();
    const foreign = await call('/api/v1/contacts', {
      method: 'POST',
      headers: { cookie: session.cookie, origin: 'https://evil.example' },
      json: { first_name: 'X' },
    });
    expect(foreign.status).toBe(403);
    expect((await json(foreign)).error.code).toBe('forbidden');
    const missing = await call('/api/v1/contacts', { method: 'POST', headers: { cookie: session.cookie }, json: { first_name: 'X' } });
    expect(missing.status).toBe(403);
    const same = await call('/api/v1/contacts', {
      method: 'POST',
      headers: { cookie: session.cookie, origin: ORIGIN },
      json: { first_name: 'X' },
    });
    expect(same.status).toBe(201);
  });

  it('rate limits login failures per email and source with 429 and Retry-After', async () => {
    const email = uniqueEmail('brute');
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`;
    // The test config allows 5 failures per 15 minutes per email and source (25 per source).
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await call('/api/v1/auth/login', { method: 'POST', headers: { 'cf-connecting-ip': ip }, json: { email, password: 'guess' } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await json(last!);
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.details.retry_after).toBeGreaterThan(0);
  });

  it('counts the login page and the API against one budget per email and source, however the email is spelled', async () => {
    const email = uniqueEmail('drift');
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`;
    const spellings = [email, `  ${email.toUpperCase()} `];
    const page = (spelled: string) =>
      call('/login', {
        method: 'POST',
        body: new URLSearchParams({ email: spelled, password: 'guess' }),
        headers: {
          origin: ORIGIN,
          host: new URL(ORIGIN).host,
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': ip,
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const spelled = spellings[i % 2]!;
      const res =
        i % 2 === 0
          ? await call('/api/v1/auth/login', {
              method: 'POST',
              headers: { 'cf-connecting-ip': ip },
              json: { email: spelled, password: 'guess' },
            })
          : await page(spelled);
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s !== 429)).toBe(true);
    // The sixth attempt, whichever door and spelling, is over the 5 the test config allows.
    const refused = await page(spellings[1]!);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Too many sign-in attempts');
  });

  it('rate limits sign-in attempts per client IP across emails', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await call('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'cf-connecting-ip': ip },
        json: { email: uniqueEmail('ip'), password: 'guess' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 25).every((s) => s === 401)).toBe(true);
    expect(statuses[25]).toBe(429);
  });
});

describe('personal access tokens', () => {
  it('creates a token shown once, accepts it as Bearer for writes without Origin, and revokes it', async () => {
    const session = await signUp();
    const created = await as(session, '/api/v1/tokens', { method: 'POST', json: { name: 'script' } });
    expect(created.status).toBe(201);
    const { data } = await json(created);
    expect(data.token).toMatch(/^kith_/);

    const list = await json(await as(session, '/api/v1/tokens'));
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(data.token);

    const bearer = { authorization: `Bearer ${data.token}` };
    const write = await call('/api/v1/contacts', { method: 'POST', headers: bearer, json: { first_name: 'Via token' } });
    expect(write.status).toBe(201);

    expect((await as(session, `/api/v1/tokens/${data.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/api/v1/me', { headers: bearer })).status).toBe(401);
  });
});

describe('time zone', () => {
  it('keeps a valid time zone from signup and falls back to UTC for an empty or unknown one', async () => {
    const cases: [string | undefined, string][] = [
      ['Europe/Berlin', 'Europe/Berlin'],
      ['', 'UTC'],
      ['Mars/Olympus', 'UTC'],
      [undefined, 'UTC'],
    ];
    for (const [given, stored] of cases) {
      const res = await call('/api/v1/auth/signup', {
        method: 'POST',
        json: { email: uniqueEmail('tz'), password: 'long enough pw', name: 'Tz', ...(given === undefined ? {} : { time_zone: given }) },
      });
      expect(res.status).toBe(201);
      expect((await json(res)).data.user.time_zone).toBe(stored);
    }
  });
});
