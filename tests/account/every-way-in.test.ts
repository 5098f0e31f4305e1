import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { requestPasswordReset } from '../../worker/domain/auth/password-reset';
import { as, call, json, ORIGIN, signUp, uniqueEmail, type Session } from '../support/client';
import { outbox } from './outbox';

// Issue 41 item 2: a reset, "log out everywhere" and an account deletion end every way in
// (sessions, personal access tokens, the calendar feed's secret URL, …) and say what ended.
const PASSWORD = 'correct horse battery';
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const formHeaders = { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' };

async function secondSession(email: string): Promise<Session> {
  const res = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
  return { user: (await json(res)).data.user, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

/** An account with two sessions, two tokens and a calendar feed: every way in there is today. */
async function wellConnected(label: string) {
  const email = uniqueEmail(label);
  const laptop = await signUp('Connected', email);
  const phone = await secondSession(email);
  const tokens: string[] = [];
  for (const name of ['script', 'extension'])
    tokens.push((await json(await as(laptop, '/api/v1/tokens', { method: 'POST', json: { name } }))).data.token);
  const feed = (await json(await as(laptop, '/api/v1/settings/calendar-feed', { method: 'POST' }))).data as { url: string };
  const feedPath = new URL(feed.url).pathname;
  expect((await call(feedPath)).status).toBe(200);
  return { email, laptop, phone, tokens, feedPath };
}

async function expectAllEnded(account: Awaited<ReturnType<typeof wellConnected>>, except: Session[] = []) {
  for (const token of account.tokens) expect((await call('/api/v1/me', bearer(token))).status).toBe(401);
  expect((await call(account.feedPath)).status).toBe(404);
  for (const session of [account.laptop, account.phone]) {
    expect((await as(session, '/api/v1/me')).status).toBe(except.includes(session) ? 200 : 401);
  }
}

async function resetLink(email: string): Promise<string> {
  const box = outbox();
  await requestPasswordReset(createDb((env as unknown as { DB: D1Database }).DB), box.mailer, ORIGIN, email);
  return box.resetToken();
}

describe('every way in dies with a reset', () => {
  it('through the API, which answers what it ended', async () => {
    const account = await wellConnected('reset-api');
    const res = await call('/api/v1/auth/password/reset', {
      method: 'POST',
      json: { token: await resetLink(account.email), new_password: 'a recovered password' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.ended).toMatchObject({ sessions: 2, api_tokens: 2, calendar_feed: 1 });
    await expectAllEnded(account);
  });

  it('through the reset page, whose sign-in page then says what ended', async () => {
    const account = await wellConnected('reset-page');
    const res = await call('/reset-password', {
      method: 'POST',
      headers: { ...formHeaders, origin: ORIGIN },
      body: new URLSearchParams({
        token: await resetLink(account.email),
        new_password: 'a recovered password',
        confirm_password: 'a recovered password',
      }),
    });
    expect(res.status).toBe(302);
    await expectAllEnded(account);
    const page = await (await call(res.headers.get('location')!)).text();
    expect(page).toContain('Ended 2 signed-in sessions, 2 personal access tokens and 1 calendar feed link.');
  });

  it('shows only its own words, whatever a crafted link puts after ended=', async () => {
    const page = await (await call('/login?reset=done&ended=sessions.2-<b>pwned</b>.1-api_tokens.x')).text();
    const notice = /every way into your account was ended\.(.*?)Sign in with the new password/.exec(page)?.[1];
    expect(notice?.trim()).toBe('Ended 2 signed-in sessions.');
  });
});

describe('"log out everywhere" ends every way in but the session asking', () => {
  it('through the API', async () => {
    const account = await wellConnected('everywhere-api');
    const res = await as(account.laptop, '/api/v1/auth/logout-everywhere?keep_current=true', { method: 'POST' });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.ended).toMatchObject({ sessions: 1, api_tokens: 2, calendar_feed: 1 });
    expect(data).toMatchObject({ revoked: 1, tokens_remaining: 0 });
    await expectAllEnded(account, [account.laptop]);
  });

  it('through the Settings page', async () => {
    const account = await wellConnected('everywhere-page');
    const res = await as(account.laptop, '/settings', {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ intent: 'logout-everywhere' }),
    });
    expect(await res.text()).toContain('Ended 1 signed-in session, 2 personal access tokens and 1 calendar feed link.');
    await expectAllEnded(account, [account.laptop]);
  });
});

describe('deleting the account', () => {
  it('ends every way in and says so', async () => {
    const account = await wellConnected('delete');
    const res = await as(account.laptop, '/api/v1/me', { method: 'DELETE', json: { confirm_email: account.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.ended).toMatchObject({ sessions: 2, api_tokens: 2, calendar_feed: 1 });
    await expectAllEnded(account);
  });
});
