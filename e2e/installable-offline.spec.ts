import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { cspViolations, launchBrowser, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

/** The phone of issue #43: 390 px wide, touch, the app installed or about to be. */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { context, page };
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

describe('Kith on the phone: installable and readable offline', () => {
  let app: RunningApp;
  let browser: Browser;

  before(async () => {
    app = await startApp({ name: 'installable-offline' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('links a manifest a phone can install from: standalone, icons incl. maskable and Apple touch, three shortcuts', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${app.url}/login`);
    const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
    assert.equal(manifestHref, '/manifest.webmanifest');
    const manifest = await (await page.request.get(`${app.url}${manifestHref}`)).json();
    assert.equal(manifest.name, 'Kith');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/home');
    const sizes = (purpose: string) =>
      manifest.icons
        .filter((i: { purpose: string; type: string }) => i.purpose === purpose && i.type === 'image/png')
        .map((i: { sizes: string }) => i.sizes);
    assert.deepEqual(sizes('any'), ['192x192', '512x512']);
    assert.deepEqual(sizes('maskable'), ['192x192', '512x512']);
    assert.deepEqual(
      manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url]),
      [
        ['Log interaction', '/home?find=log'],
        ['New contact', '/contacts/new'],
        ['Find', '/home?find'],
      ],
    );
    const appleIcon = await page.locator('link[rel=apple-touch-icon]').getAttribute('href');
    for (const src of [...manifest.icons.map((i: { src: string }) => i.src), appleIcon]) {
      const icon = await page.request.get(`${app.url}${src}`);
      assert.equal(icon.status(), 200, src);
    }
    // Both colour schemes have a theme colour; the page may draw under a notch.
    assert.equal(await page.locator('meta[name=theme-color]').count(), 2);
    assert.match((await page.locator('meta[name=viewport]').getAttribute('content')) ?? '', /viewport-fit=cover/);
    await context.close();
  });

  it('asks to install on a saved contact, not on the first page, and "No thanks" is for good', async () => {
    const { context, page } = await phone(browser);
    // Chromium fires this when the app is installable; the test plays the browser.
    await context.addInitScript(() => {
      window.addEventListener('load', () => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        setTimeout(() => window.dispatchEvent(event), 50);
      });
    });
    const { api } = await signUpInBrowser(page, app.url, 'Ivy Install', `install-${Date.now()}@example.com`);
    const ada = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace' } })).data;
    await page.goto(`${app.url}/home`);
    await page.waitForTimeout(300);
    assert.equal(await page.getByRole('region', { name: 'Install Kith' }).count(), 0, 'not on the first page of a first visit');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('link', { name: 'Ada Lovelace' }).first().click();
    await page.waitForURL(new RegExp(`/contacts/${ada.id}$`));
    const prompt = page.getByRole('region', { name: 'Install Kith' });
    await prompt.waitFor();
    await screenshot(page, 'pwa-install-prompt-390');
    await prompt.getByRole('button', { name: 'No thanks' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page.waitForTimeout(300);
    assert.equal(await prompt.count(), 0, 'dismissed for good');
    await context.close();
  });

  it('reads a saved contact offline with the banner; an unsaved page keeps this one on a link, opens Kith’s offline page cold', async () => {
    const { context, page } = await phone(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Otto Offline', `offline-${Date.now()}@example.com`);
    const ada = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace' } })).data;
    await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Grace', last_name: 'Hopper' } });

    // The worker installs on the first page and takes control of it (clientsClaim).
    await page.goto(`${app.url}/contacts`);
    await eventually(() => controlled(page), 'the service worker controls the page');
    // Read Ada's page once, inside the app (its loader data) and come back to the list.
    await page.getByRole('link', { name: 'Ada Lovelace' }).first().click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(/\/contacts$/);

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Ada Lovelace' }).first().click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d/ })
      .waitFor();
    await screenshot(page, 'pwa-offline-contact-390');
    assert.deepEqual(await axeViolations(page), []);

    // A link to a page no device keeps offline keeps this one (a half-typed form would be lost).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
    await page.getByText('Kith stays on this page').waitFor();
    assert.match(page.url(), new RegExp(`/contacts/${ada.id}$`));
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();

    // Started cold, offline (the app opened from the home screen on a train): the saved document.
    await page.goto(`${app.url}/contacts/${ada.id}`);
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d/ })
      .waitFor();

    // Never opened, opened cold: Kith's own offline page, not the browser's error page nor the app's 500.
    const unvisited = await page.goto(`${app.url}/organizations`);
    assert.ok(unvisited, 'a document answered');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    assert.match(page.url(), /\/offline\?from=%2Forganizations$/);
    await screenshot(page, 'pwa-offline-page-390');
    assert.deepEqual(await axeViolations(page), []);

    // Back online: "Try again" goes where the link was going.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/organizations$/);
    assert.deepEqual(cspViolations, []);
    await context.close();
  });

  it('signing out forgets every saved page', async () => {
    const { context, page } = await phone(browser);
    await signUpInBrowser(page, app.url, 'Sam Signout', `signout-${Date.now()}@example.com`);
    await page.goto(`${app.url}/home`);
    await eventually(() => controlled(page), 'the service worker controls the page');
    await page.goto(`${app.url}/contacts`);
    const saved = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('kith-')).length);
    await eventually(async () => (await saved()) > 0, 'a page is saved');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    await eventually(async () => (await saved()) === 0, 'the saved pages are gone');
    await context.close();
  });
});
