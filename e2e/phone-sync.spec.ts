import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe('Settings → Sync with your phone: the three values, a sync password that works for CardDAV, revoked', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    app = await startApp({ name: 'phone-sync' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Polly Phone');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const card = () => page.locator('section', { has: page.getByRole('heading', { name: 'Sync with your phone' }) });

  it('shows the server and user name, makes a password a CardDAV client signs in with, and revokes it', async () => {
    await page.goto(`${app.url}/settings`);
    const shown = await card().getByTestId('dav-server').textContent();
    assert.match(shown ?? '', /^https?:\/\/[^/]+\/dav\/$/);
    // The address shown is APP_URL's; this test server answers on its own port.
    const server = `${app.url}/dav/`;
    const email = (await card().getByTestId('dav-username').textContent())!;
    assert.match(email, /@/);
    await card().getByText('No device syncs yet.').waitFor();

    await card().getByLabel('Device name').fill('Polly’s iPhone');
    await card().getByRole('button', { name: 'Create sync password' }).click();
    const password = (await card().getByTestId('new-token').textContent())!.trim();
    assert.match(password, /^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);

    // What the phone does with the three values: PROPFIND the server with Basic auth.
    const auth = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
    const found = await fetch(server, {
      method: 'PROPFIND',
      headers: { authorization: auth, depth: '0', 'content-type': 'application/xml' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
    });
    assert.equal(found.status, 207);

    await page.reload();
    await card().getByText('Polly’s iPhone').waitFor();
    await card()
      .getByText(/last synced/)
      .waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-phone-sync');
    assert.deepEqual(await axeViolations(page), []);

    await card().getByRole('button', { name: 'Revoke Polly’s iPhone' }).click();
    await card().getByText('Sync password revoked', { exact: false }).waitFor();
    await card().getByText('No device syncs yet.').waitFor();
    const refused = await fetch(server, { method: 'PROPFIND', headers: { authorization: auth, depth: '0' } });
    assert.equal(refused.status, 401);
  });
});
