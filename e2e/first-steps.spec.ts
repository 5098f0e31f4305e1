import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

/** Two boxes on screen overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// Issue #43's rough edges a new user hit: an empty Home, a 19-card Settings, toasts over Save.
describe('a new account finds its way', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: Awaited<ReturnType<typeof signUpInBrowser>>['api'];

  before(async () => {
    app = await startApp({ name: 'first-steps' });
    browser = await launchBrowser();
    page = await newPage(browser);
    ({ api } = await signUpInBrowser(page, app.url, 'Nina New', `new-${Date.now()}@example.com`));
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('an empty Home says how to start instead of "Your network is warm"', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`${app.url}/home`);
      const start = page.locator('section', { has: page.getByRole('heading', { name: 'Start with your people' }) });
      await start.waitFor();
      assert.equal(await page.getByText('Your network is warm').count(), 0);
      await page.getByText('Nothing is due yet').waitFor();
      const ways = await start.getByRole('link').allTextContents();
      assert.deepEqual(ways, ['Import contacts', 'Connect Google', 'Sync your phone', 'Add a contact']);
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(page, `home-empty-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Add a contact' }).click();
    await page.waitForURL(/\/contacts\/new$/);

    // With one contact, Home is Home again.
    await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace' } });
    await page.goto(`${app.url}/home`);
    await page.getByRole('heading', { name: 'Due' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Start with your people' }).count(), 0);
  });

  it('Settings opens on the account, in sections with their own contents', async () => {
    await page.goto(`${app.url}/settings`);
    const contents = page.getByRole('navigation', { name: 'Settings sections' });
    assert.deepEqual(await contents.getByRole('link').allTextContents(), [
      'Account and security',
      'Reminders',
      'Phone and connections',
      'Your data',
      'Developers',
    ]);
    const sections = await page.locator('main h2').allTextContents();
    assert.equal(sections[0], 'Account and security', 'account first, not integrations not set up');
    await contents.getByRole('link', { name: 'Developers' }).click();
    await page.waitForURL(/#developers$/);
    await page.getByRole('region', { name: 'Developers' }).getByRole('heading', { name: 'Personal access tokens' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'settings-sections-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'settings-sections-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a toast covers neither a form’s Save nor the phone’s tab bar', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`${app.url}/contacts/new`);
      await page.getByRole('button', { name: 'Save' }).first().waitFor();
      // Hydrated (root.tsx marks it): before, a link is a plain one and leaves the page.
      await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
      await page.context().setOffline(true);
      try {
        // Offline, a link to a page this device cannot show keeps the page and says so in a toast
        // (hovering it first must not reload the page: Remix loads a prefetched route's module, and
        // reloads when that fails). Home is no such link any more: it opens from the local index.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
        const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'You are offline' });
        await toast.waitFor();
        await page.waitForTimeout(500); // settled after sliding in
        const toastBox = (await toast.boundingBox())!;
        for (const save of await page.getByRole('button', { name: 'Save' }).all()) {
          const box = await save.boundingBox();
          if (box) assert.ok(!overlap(toastBox, box), `the toast covers Save at ${width} px`);
        }
        const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
        if (tabBar) assert.ok(!overlap(toastBox, tabBar), `the toast covers the tab bar at ${width} px`);
      } finally {
        await page.context().setOffline(false);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the contact list explains its score by touch and keyboard', async () => {
    await page.goto(`${app.url}/contacts`);
    await page.getByText('What is the score?').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Score bands' }).waitFor();
    await page.getByText('an imported contact starts here').waitFor();
    assert.deepEqual(await axeViolations(page), []);
  });
});
