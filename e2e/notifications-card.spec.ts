import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

/**
 * Issue #43, "per-device subscriptions listed and removable in Settings": the Notifications card
 * in a browser, against the real server and its database.
 */

/**
 * Headless Chromium has no push service to register with (`subscribe` answers "Registration failed
 * - permission denied" even with `notifications` granted), so the one call the card makes to it
 * answers here as a push service would: an endpoint on it and fresh P-256 / auth keys. Nothing is
 * pushed in this journey (tests/push sends through a fake push service).
 */
function pushServiceOfThisBrowser() {
  // Kept in localStorage as the browser keeps a subscription: across page loads, until unsubscribed.
  const KEPT = 'e2e-push-subscription';
  const subscriptionOf = (endpoint: string, keys: { p256dh: string; auth: string }) =>
    ({
      endpoint,
      toJSON: () => ({ endpoint, keys }),
      unsubscribe: async () => (localStorage.removeItem(KEPT), true),
    }) as unknown as PushSubscription;
  const base64Url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.subscribe = async function subscribe() {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const p256dh = base64Url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = base64Url(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const endpoint = `https://push.kith.test/send/${crypto.randomUUID()}`;
    localStorage.setItem(KEPT, JSON.stringify({ endpoint, keys: { p256dh, auth } }));
    return subscriptionOf(endpoint, { p256dh, auth });
  };
  PushManager.prototype.getSubscription = async () => {
    const kept = localStorage.getItem(KEPT);
    if (!kept) return null;
    const { endpoint, keys } = JSON.parse(kept) as { endpoint: string; keys: { p256dh: string; auth: string } };
    return subscriptionOf(endpoint, keys);
  };
}

// The keys vitest.config.ts gives the workerd tests: a server with push on.
const PUSH_ON = {
  VAPID_PUBLIC_KEY: 'BCO9V4dzdq0azQbci1rqmSsF5cNDm7CPH2DrHJyWMQq3v_z8MDDxSL0rEJnMCIQlkVeO2higbMMP4o-bDWYlLiI',
  VAPID_PRIVATE_KEY: 'tlw2VYy24owIyM07QqL984KRQA-eltkRV2GdFfbkTjw',
  VAPID_SUBJECT: 'mailto:operator@kith.test',
  // The push service below: a self-hosted one's way in (ADR 030), so saving its endpoint needs no DNS here.
  ALLOWED_PRIVATE_HOSTS: 'push.kith.test',
};

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

describe('Settings → Notifications in a browser (#43)', () => {
  let app: RunningApp;
  let browser: Browser;

  before(async () => {
    app = await startApp({ name: 'notifications-card', vars: PUSH_ON, share: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists this browser after turning notifications on, and Remove takes it off the list', async () => {
    // Chromium grants `notifications` per context: the user's "Allow".
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    });
    await context.grantPermissions(['notifications'], { origin: app.url });
    await context.addInitScript(pushServiceOfThisBrowser);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    await signUpInBrowser(page, app.url, 'Nina Notify', `notify-${Date.now()}@example.com`);
    await page.goto(`${app.url}/settings`);
    await eventually(() => controlled(page), 'the service worker controls the page');

    await page.getByText('No device has notifications on.').waitFor();
    await page.getByRole('button', { name: 'Enable notifications on this device' }).click();
    const said = page
      .getByRole('status')
      .or(page.getByRole('alert'))
      .filter({ hasText: /Notifications are|endpoint|failed|denied|Could not/ });
    await said.first().waitFor();
    assert.match(await said.first().innerText(), /^Notifications are on for this device\. Reminders arrive at \d\d:00\.$/);
    const devices = page.getByRole('list', { name: 'Devices with notifications' });
    // The card lists the device once its list is fetched again after the subscription is saved.
    await devices.getByRole('listitem').first().waitFor();
    const subscribed = await page.evaluate(
      async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null,
    );
    assert.ok(subscribed, 'the card subscribed this browser');
    assert.deepEqual(
      await devices
        .getByRole('listitem')
        .allInnerTexts()
        .then((rows) => rows.map((r) => r.split('\n')[0])),
      ['Chrome on Android'],
    );
    await devices.getByText('Not notified yet').waitFor();

    await devices.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await page.getByRole('status').filter({ hasText: 'Removed: nothing more is sent to that device.' }).waitFor();
    await devices.waitFor({ state: 'detached' });
    await page.getByText('No device has notifications on.').waitFor();
    // And for good: the server's list, read again, no longer has it.
    await page.reload();
    await page.getByText('No device has notifications on.').waitFor();
    await context.close();
  });

  it('signing out ends this device’s notifications, so the next person is not sent the last one’s reminders', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['notifications'], { origin: app.url });
    await context.addInitScript(pushServiceOfThisBrowser);
    const page = await context.newPage();
    await signUpInBrowser(page, app.url, 'Sam Shared', `shared-${Date.now()}@example.com`);
    await page.goto(`${app.url}/settings`);
    await eventually(() => controlled(page), 'the service worker controls the page');
    await page.getByRole('button', { name: 'Enable notifications on this device' }).click();
    await page.getByRole('list', { name: 'Devices with notifications' }).getByText('Not notified yet').waitFor();
    const subscribed = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null);
    assert.ok(await subscribed(), 'notifications are on for this device');

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.getByRole('heading', { name: 'Sign in to your network' }).waitFor();
    await eventually(async () => (await subscribed()) === null, 'the sign-in page ended the push subscription');
    await context.close();
  });
});
