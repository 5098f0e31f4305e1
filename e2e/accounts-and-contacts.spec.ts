import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';

describe('accounts and contacts in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    app = await startApp({ name: 'accounts' });
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('redirects a visitor to the login page', async () => {
    await page.goto(`${app.url}/contacts`);
    assert.match(page.url(), /\/login\?redirectTo=%2Fcontacts$/);
    await screenshot(page, 'login');
  });

  it('signs up and lands on an empty contact list that says what to do', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Nora Network');
    await page.getByLabel('Email', { exact: true }).fill('nora@example.com');
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/contacts$/);
    await page.getByRole('heading', { name: 'No contacts yet' }).waitFor();
    await screenshot(page, 'contacts-empty');
  });

  it('creates a contact and sees it listed', async () => {
    await page.getByRole('link', { name: 'Add a contact' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Emails').fill('ada@example.org');
    await page.getByLabel('Company').fill('Analytical Engines');
    await page.getByLabel('Location').fill('London, UK');
    await screenshot(page, 'contact-new');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await screenshot(page, 'contact-detail');
    await page.getByRole('link', { name: 'Contacts', exact: true }).first().click();
    await page.getByRole('link', { name: /Ada Lovelace/ }).waitFor();
    await screenshot(page, 'contacts-list');
  });

  it('refuses a duplicate email and points to the contact who has it', async () => {
    await page.goto(`${app.url}/contacts/new`);
    await page.getByLabel('First name').fill('Imposter');
    await page.getByLabel('Emails').fill('ADA@example.org');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
  });

  it('logs out and back in', async () => {
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email', { exact: true }).fill('nora@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'incorrect' }).waitFor();
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Nora$/ }).waitFor();
    await screenshot(page, 'home');
  });

  it('creates a personal access token shown once, which then works against the API, and revokes it', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Token name').fill('Browser extension');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-token').textContent())!.trim();
    assert.match(token, /^kith_/);
    await screenshot(page, 'settings-token');
    const me = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);
    await page.getByRole('button', { name: 'Revoke Browser extension' }).click();
    await page.getByText('No tokens yet.').waitFor();
    const revoked = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(revoked.status, 401);
  });

  it('changes the password from Settings and signs in with the new one', async () => {
    await page.getByLabel('Current password').fill('a good long password');
    await page.getByLabel('New password').fill('an even better password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    await screenshot(page, 'settings');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email', { exact: true }).fill('nora@example.com');
    await page.getByLabel('Password').fill('an even better password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/);
  });

  it('serves pages under a nonce-based CSP that the app itself never violates', async () => {
    const res = await page.goto(`${app.url}/settings`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    assert.match(csp, /frame-ancestors 'none'/);
    for (const path of ['/contacts', '/organizations', '/tags', '/map', '/import', '/contacts/new']) await page.goto(`${app.url}${path}`);
    assert.deepEqual(cspViolations, []);
  });

  it('shows the map page without a token as not configured, without crashing', async () => {
    await page.getByRole('link', { name: 'Map' }).click();
    await page.getByText('Map is not yet configured').waitFor();
  });
});
