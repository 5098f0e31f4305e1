import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { totpAt } from '../worker/domain/auth/totp.ts';
import { cspViolations, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { ownKeySettings } from './support/fakes.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { eventually } from './support/wait.ts';
import { signUpInBrowser } from './support/session.ts';

/**
 * wrangler dev simulates the send_email binding: it prints "send_email binding called
 * with MessageBuilder" and the path of a file holding the text part. Read the newest one.
 */
async function capturedResetLink(app: RunningApp, to: string): Promise<string> {
  let file: string | undefined;
  await eventually(async () => {
    // eslint-disable-next-line no-control-regex
    const log = (await app.output()).replace(/\x1b\[[0-9;]*m/g, '');
    const sent = [...log.matchAll(/send_email binding called with MessageBuilder:[\s\S]*?To: ([^\n]+)[\s\S]*?Text: (\S+)/g)].filter((m) =>
      m[1]!.includes(to),
    );
    file = sent.at(-1)?.[2];
    return file !== undefined;
  }, `a reset email to ${to} appeared in the dev server log`);
  const link = readFileSync(file!, 'utf8').match(/https?:\/\/\S+\/reset-password\?token=\S+/);
  assert.ok(link, 'the email holds a reset link');
  return link[0];
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL(/\/login/);
}

describe('account safety in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const email = `riley-${Date.now()}@example.com`;
  const newPassword = 'a brand new passphrase';
  let secret = '';

  before(async () => {
    // Shared with the imports journey; the reset emails in the server's log are picked by address.
    app = await startApp({ name: 'account-safety', vars: ownKeySettings(), share: true });
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('resets a forgotten password through the emailed link', async () => {
    await signUpInBrowser(page, app.url, 'Riley Reset', email);
    await logOut(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByText('If an account exists for that address').waitFor();
    await screenshot(page, 'account-forgot-password');

    const link = await capturedResetLink(app, email);
    assert.ok(link.startsWith(`${app.url}/reset-password?token=`));
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await screenshot(page, 'account-reset-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/login\?reset=done(&|$)/);
    await page.getByText('Your password was changed').waitFor();
    await screenshot(page, 'account-login-after-reset');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/);

    // The link worked once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  });

  it('turns on two-factor authentication with a code from the shown secret', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const key = page.getByTestId('totp-secret');
    await key.waitFor();
    secret = (await key.getAttribute('data-secret')) ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await page.getByText(`otpauth://totp/Kith%3A${encodeURIComponent(email)}?secret=${secret}`, { exact: false }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-two-factor-setup');

    await page.getByLabel('Code', { exact: true }).fill(await totpAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    await page.getByText('10 of 10 recovery codes left').waitFor();
    await screenshot(page, 'account-two-factor-on');
  });

  it('asks for the code after the password, then signs in', async () => {
    await logOut(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/login\/two-factor/);
    // Halfway is not signed in.
    const me = await page.request.get(`${app.url}/api/v1/me`);
    assert.equal(me.status(), 401);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('That code is not valid').waitFor();
    await screenshot(page, 'account-two-factor-sign-in');
    // The enabling code spent this 30-second step; the next step's code is in the window.
    await page.getByLabel('Authentication code').fill(await totpAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(/\/home$/);
    assert.equal((await page.request.get(`${app.url}/api/v1/me`)).status(), 200);
    assert.deepEqual(cspViolations, []);
  });

  it('shows the timeline in the time zone chosen in Settings', async () => {
    const write = { headers: { origin: app.url } };
    const contact = await (await page.request.post(`${app.url}/api/v1/contacts`, { ...write, data: { first_name: 'Kenji' } })).json();
    const id = contact.data.id as string;
    await page.request.post(`${app.url}/api/v1/contacts/${id}/meetings`, {
      ...write,
      data: { title: 'Breakfast in Tokyo', occurred_at: '2026-01-05T10:00:00.000Z' },
    });

    await page.goto(`${app.url}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Time zone' }) });
    await card.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Dates and times are now shown in Asia/Tokyo.').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-time-zone');

    await page.goto(`${app.url}/contacts/${id}`);
    const meeting = page.getByTestId('timeline-item').filter({ hasText: 'Breakfast in Tokyo' });
    await meeting.getByText('5 Jan 2026, 19:00').waitFor();
    assert.deepEqual(cspViolations, []);
  });
});
