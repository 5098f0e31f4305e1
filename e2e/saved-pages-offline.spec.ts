import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { openPhone } from './support/offline-phone.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

/**
 * Issue #43: "the contact list …, the people due, and every contact opened in the last 30 days
 * readable offline with a clear 'offline, showing what was saved at 14:02' banner". The contact
 * and the list are e2e/installable-offline's; here, Home's people due and the 30 days.
 */

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d/ });

describe('saved pages on the phone, offline (#43)', () => {
  let app: RunningApp;
  let browser: Browser;
  const pageErrors: string[] = [];

  before(async () => {
    app = await startApp({ name: 'saved-pages-offline' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('Home shows the people due offline: inside the app, and started cold with the banner', async () => {
    const { context, page } = await openPhone(browser, pageErrors);
    const { api } = await signUpInBrowser(page, app.url, 'Dora Due', `due-offline-${Date.now()}@example.com`);
    // Due twice: a reminder today (the server's agenda) and a daily cadence (the device's index too).
    const ada = (
      await api('/api/v1/contacts', {
        method: 'POST',
        json: { first_name: 'Ada', last_name: 'Lovelace', cadence: { every: 1, unit: 'day' } },
      })
    ).data;
    const today = new Date().toISOString().slice(0, 10);
    await api(`/api/v1/contacts/${ada.id}/reminders`, { method: 'POST', json: { on: today, note: 'Ask about the engine' } });

    // One visit online, controlled by the service worker: Home's document (the reload) and its data
    // (back to Home from the list inside the app) are what the phone keeps.
    await page.goto(`${app.url}/home`);
    await eventually(() => controlled(page), 'the service worker controls the page');
    await page.reload();
    await page.getByRole('list', { name: 'Due today' }).getByText('Ada Lovelace').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(/\/contacts$/);
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('list', { name: 'Due today' }).getByText('Ada Lovelace').waitFor();
    await nav.getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(/\/contacts$/);

    await context.setOffline(true);
    // Inside the app, the Home tab: the people due from the device's index (or the saved page), and it says it is offline.
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('main').getByRole('listitem').filter({ hasText: 'Ada Lovelace' }).first().waitFor();
    await offlineBanner(page).or(page.getByText('You are offline: who is due, from what this device keeps.')).first().waitFor();

    // Started cold, offline (from the home screen on a train): the saved page, reminder and all, with the banner.
    await page.goto(`${app.url}/home`);
    assert.match(page.url(), /\/home$/);
    await page.getByRole('list', { name: 'Due today' }).getByText('Ada Lovelace').waitFor();
    await page.getByText('Ask about the engine').waitFor();
    await offlineBanner(page).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('a contact saved more than 30 days ago is no longer served offline; one saved today still is', async () => {
    const { context, page } = await openPhone(browser, pageErrors);
    const { api } = await signUpInBrowser(page, app.url, 'Olga Old', `expiry-${Date.now()}@example.com`);
    const make = async (first_name: string, last_name: string) =>
      (await api('/api/v1/contacts', { method: 'POST', json: { first_name, last_name } })).data as { id: string };
    const ada = await make('Ada', 'Lovelace');
    const grace = await make('Grace', 'Hopper');

    await page.goto(`${app.url}/contacts`);
    await eventually(() => controlled(page), 'the service worker controls the page');
    for (const [who, name] of [
      [ada, 'Ada Lovelace'],
      [grace, 'Grace Hopper'],
    ] as const) {
      await page.goto(`${app.url}/contacts/${who.id}`);
      await page.getByRole('heading', { name }).waitFor();
    }

    // 31 days pass for Ada's saved copies: the time they were fetched (the Date header Workbox's
    // expiration reads against SAVED_FOR_SECONDS, and the banner's stamp) moved back.
    const aged = await page.evaluate(
      async ({ id, caches: names, header }) => {
        const then = Date.now() - 31 * 24 * 60 * 60 * 1000;
        let count = 0;
        for (const name of names) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            if (new URL(request.url).pathname !== `/contacts/${id}`) continue;
            const saved = (await cache.match(request))!;
            const headers = new Headers(saved.headers);
            headers.set('date', new Date(then).toUTCString());
            headers.set(header, String(then));
            await cache.put(request, new Response(await saved.blob(), { status: saved.status, statusText: saved.statusText, headers }));
            count += 1;
          }
        }
        return count;
      },
      { id: ada.id, caches: ['kith-pages', 'kith-data'], header: 'x-kith-saved-at' },
    );
    assert.ok(aged > 0, 'Ada’s page was saved');

    await context.setOffline(true);
    await page.goto(`${app.url}/contacts/${grace.id}`);
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await offlineBanner(page).waitFor();

    await page.goto(`${app.url}/contacts/${ada.id}`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    assert.match(page.url(), new RegExp(`/offline\\?from=%2Fcontacts%2F${ada.id}$`));
    assert.equal(await page.getByRole('heading', { name: 'Ada Lovelace' }).count(), 0);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
