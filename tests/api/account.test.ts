import { describe, expect, it } from 'vitest';
import { databaseNamed } from '../../worker/db/stores';
import { getSettings, type Env } from '../../worker/env';
import { as, call, createContact, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';

async function secondSession(email: string): Promise<Session> {
  const res = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'correct horse battery' } });
  const { data } = await json(res);
  return { user: data.user, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

describe('account safety', () => {
  it('changes the password, keeps this session and signs out every other one', async () => {
    const email = uniqueEmail('pw');
    const laptop = await signUp('Pat', email);
    const phone = await secondSession(email);
    const wrong = await as(laptop, '/api/v1/me/password', {
      method: 'POST',
      json: { current_password: 'nope', new_password: 'a brand new password' },
    });
    expect(wrong.status).toBe(400);
    expect((await as(phone, '/api/v1/me')).status).toBe(200);

    const ok = await as(laptop, '/api/v1/me/password', {
      method: 'POST',
      json: { current_password: 'correct horse battery', new_password: 'a brand new password' },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toEqual({ signed_out_sessions: 1, tokens_remaining: 0 });
    expect((await as(laptop, '/api/v1/me')).status).toBe(200);
    expect((await as(phone, '/api/v1/me')).status).toBe(401);
    const oldLogin = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'correct horse battery' } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'a brand new password' } });
    expect(newLogin.status).toBe(200);
  });

  it('lists sessions without exposing session keys, and revokes one by id', async () => {
    const email = uniqueEmail('sessions');
    const laptop = await signUp('Sam', email);
    const phone = await secondSession(email);
    const list = (await json(await as(laptop, '/api/v1/me/sessions'))).data;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(laptop.cookie.split('=')[1]);
    const other = list.find((s: { current: boolean }) => !s.current);
    expect((await as(laptop, `/api/v1/me/sessions/${other.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(phone, '/api/v1/me')).status).toBe(401);
    expect((await as(laptop, '/api/v1/me')).status).toBe(200);
  });

  it('logs out everywhere, including this session unless asked to keep it', async () => {
    const email = uniqueEmail('everywhere');
    const a = await signUp('Eve', email);
    const b = await secondSession(email);
    const kept = await json(await as(a, '/api/v1/auth/logout-everywhere?keep_current=true', { method: 'POST' }));
    expect(kept.data.revoked).toBe(1);
    expect((await as(b, '/api/v1/me')).status).toBe(401);
    expect((await as(a, '/api/v1/me')).status).toBe(200);
    await as(a, '/api/v1/auth/logout-everywhere', { method: 'POST' });
    expect((await as(a, '/api/v1/me')).status).toBe(401);
  });

  it('deletes the account and every row of it after a typed confirmation, leaving other users alone', async () => {
    const email = uniqueEmail('leaver');
    const leaver = await signUp('Leaver', email);
    const stayer = await signUp('Stayer');
    await createContact(leaver, { first_name: 'Friend', emails: ['friend@example.com'], company: 'Co', tags: ['x'] });
    await createContact(stayer, { first_name: 'Mine', emails: ['friend@example.com'] });

    const unconfirmed = await as(leaver, '/api/v1/me', {
      method: 'DELETE',
      json: { confirm_email: 'someone@else.com', password: 'correct horse battery' },
    });
    expect(unconfirmed.status).toBe(400);
    const res = await as(leaver, '/api/v1/me', {
      method: 'DELETE',
      json: { confirm_email: email.toUpperCase(), password: 'correct horse battery' },
    });
    expect(res.status).toBe(200);
    expect((await as(leaver, '/api/v1/me')).status).toBe(401);
    expect((await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'correct horse battery' } })).status).toBe(401);

    // Nothing of the account on any database (KITH_TEST_SHARDS=2 may have placed it on DB_SHARD_2).
    const { env } = await import('cloudflare:workers');
    const testEnv = env as unknown as Env;
    for (const database of getSettings(testEnv).USER_DATABASES) {
      const db = databaseNamed(testEnv, database);
      for (const table of [
        'contacts',
        'contact_identifiers',
        'contact_tags',
        'organizations',
        'sessions',
        'api_tokens',
        'interactions',
        'audit_log',
      ]) {
        const row = await db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(leaver.user.id).first<{ n: number }>();
        expect(row?.n, `${database}.${table}`).toBe(0);
      }
      expect(await db.prepare('SELECT id FROM users WHERE id = ?').bind(leaver.user.id).first(), `${database}.users`).toBeNull();
    }
    const mine = await json(await as(stayer, '/api/v1/contacts'));
    expect(mine.meta.total).toBe(1);
  });

  it('refuses account writes from another origin', async () => {
    const me = await signUp();
    const res = await call('/api/v1/auth/logout-everywhere', {
      method: 'POST',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await call('/api/v1/me', { headers: { cookie: me.cookie, origin: ORIGIN } })).status).toBe(200);
  });
});
