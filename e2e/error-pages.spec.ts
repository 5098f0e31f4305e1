import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe('error pages in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    app = await startApp({ name: 'error-pages' });
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a form another website posts to a page gets the 403 error page, with navigation back into the app', async () => {
    const { api } = await signUpInBrowser(page, app.url, 'Casey Csrf');
    const contact = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Target' } })).data;
    // A page on another origin (an opaque one) that submits a form to the contact page.
    const attack = `<form method="post" action="${app.url}/contacts/${contact.id}"><input name="intent" value="delete"><button>Win a prize</button></form>`;
    await page.goto(`data:text/html,${encodeURIComponent(attack)}`);
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Win a prize' }).click()]);
    assert.equal(response?.status(), 403);
    await page.getByRole('heading', { name: '403 Forbidden' }).waitFor();
    await page.getByText('sent from another website').waitFor();
    await screenshot(page, 'error-page-cross-origin-form');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(/\/contacts$/);
    await page.getByText('Ada Target').first().waitFor();
    assert.deepEqual(cspViolations, []);
  });
});
