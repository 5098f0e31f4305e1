import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { depsFromEnv } from '../../worker/domain/deps';
import { addDays, localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { sendWeeklyDigest } from '../../worker/domain/keep-in-touch/weekly-digest';
import type { Env } from '../../worker/env';
import { outbox } from '../account/outbox';
import { as, call, createContact, json, signUp } from '../support/client';
import { userDeps } from '../support/stores';

const withAppUrl = (appUrl?: string) => ({ ...depsFromEnv(env as unknown as Env).settings, APP_URL: appUrl });

describe('weekly digest', () => {
  it('is off by default; on, it mails what is due with APP_URL links and a signed unsubscribe link that works signed out', async () => {
    const me = await signUp('Dee Digest');
    const ann = await createContact(me, { first_name: 'Ann' });
    const today = localDate(new Date(), 'UTC');
    await as(me, `/api/v1/contacts/${ann.id}/reminders`, { method: 'POST', json: { on: addDays(today, 2), note: 'Ask about Lisbon' } });
    const mail = outbox();
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, withAppUrl('https://kith.example'), me.user.id)).toBe('skipped');
    expect(mail.sent).toHaveLength(0);

    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, withAppUrl('https://kith.example/app'), me.user.id)).toBe('sent');
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message!.to).toBe(me.user.email);
    expect(message!.subject).toBe('Kith: 1 to keep in touch with this week');
    expect(message!.text).toContain(`- Ann: Ask about Lisbon (${addDays(today, 2)}) https://kith.example/contacts/${ann.id}`);
    // Once a week, even if the job runs again.
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, withAppUrl('https://kith.example'), me.user.id)).toBe('skipped');

    const link = message!.text.match(/Stop these emails: (\S+)/)![1]!;
    expect(link.startsWith('https://kith.example/api/v1/digest/unsubscribe?token=')).toBe(true);
    // The mail client's own button: RFC 8058 one-click.
    expect(message!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const path = new URL(link).pathname + new URL(link).search;
    const token = new URL(link).searchParams.get('token')!;
    const forged = await call(`/api/v1/digest/unsubscribe?token=${token.replace(/\.[^.]+$/, '.not-the-signature')}`, { method: 'POST' });
    expect(forged.status).toBe(404);

    // Opening the link (as a mail scanner does) only asks; the digest stays on.
    const asked = await call(path); // no session
    expect(asked.status).toBe(200);
    const confirm = await asked.text();
    expect(confirm).toContain('Stop the weekly digest?');
    expect(confirm).toContain('<form method="post">');
    expect((await json(await as(me, '/api/v1/settings/keep-in-touch'))).data.weekly_digest).toBe(true);

    // The one-click POST a mail client sends, with no session and no Origin.
    const res = await call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('no longer get the weekly digest');
    expect((await json(await as(me, '/api/v1/settings/keep-in-touch'))).data.weekly_digest).toBe(false);
  });

  it('an unsubscribe link expires after 60 days; an old link without an expiry no longer works', async () => {
    const me = await signUp('Old Link');
    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    const mail = outbox();
    const sentAt = new Date(Date.now() - 61 * 86_400_000);
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, withAppUrl('https://kith.example'), me.user.id, sentAt)).toBe('sent');
    const link = new URL(mail.sent[0]!.text.match(/Stop these emails: (\S+)/)![1]!);
    const [userId, , mac] = link.searchParams.get('token')!.split('.');
    for (const token of [link.searchParams.get('token')!, `${userId}.${mac}`]) {
      const page = await call(`/api/v1/digest/unsubscribe?token=${encodeURIComponent(token)}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('This link no longer works');
      const refused = await call(`/api/v1/digest/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      expect(refused.status).toBe(404);
      expect((await json(refused)).error.code).toBe('not_found');
    }
    expect((await json(await as(me, '/api/v1/settings/keep-in-touch'))).data.weekly_digest).toBe(true);
  });

  it('without APP_URL sends nothing and logs an error', async () => {
    const me = await signUp();
    await as(me, '/api/v1/settings/keep-in-touch', { method: 'PATCH', json: { weekly_digest: true } });
    const mail = outbox();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await sendWeeklyDigest(await userDeps(me), mail.mailer, withAppUrl(undefined), me.user.id)).toBe('skipped');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('APP_URL is not set'));
    logged.mockRestore();
    expect(mail.sent).toHaveLength(0);
  });
});
