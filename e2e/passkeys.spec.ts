import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { cspViolations, launchBrowser, newPage, screenshot, screenshotOf, screenshotsWanted } from './support/browser.ts';
import { freePort } from './support/free-port.ts';
import { serveApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

// Issue 41 item 8: a passkey added in Settings signs in without the password, with Chromium's
// virtual authenticator (CDP WebAuthn domain) as the device. The app is served as `localhost`,
// since WebAuthn takes no IP address as the relying party's ID (ADR 027).

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** The page, or one part of it (`part`), at desktop and phone widths, into e2e/artifacts. */
async function both(page: Page, name: string, part?: Locator) {
  if (!screenshotsWanted()) return part?.waitFor();
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (part) await screenshotOf(part, `${name}-${width}`);
    else await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('passkeys in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let base = '';

  before(async () => {
    // The port is chosen here (APP_URL names it); the server picks its inspector's after, and the
    // system may hand back the same free port, so a clash is retried with another.
    for (let tries = 0; !app; tries++) {
      const port = await freePort();
      base = `http://localhost:${port}`;
      app = await serveApp({ name: 'passkeys', port, vars: { APP_URL: base } }).catch((error: unknown) => {
        if (tries >= 2) throw error;
        return undefined as unknown as RunningApp;
      });
    }
    browser = await launchBrowser();
    page = await newPage(browser);
    await virtualAuthenticator(page);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a passkey in Settings, signs out, and signs in with it without the password', async () => {
    const { email } = await signUpInBrowser(page, base, 'Paula Passkey', `paula-${Date.now()}@example.com`);
    await page.goto(`${base}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys', exact: true }) });
    await card.getByText('No passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByRole('status').filter({ hasText: 'Added the passkey' }).waitFor();
    const rows = card.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1);
    const row = await rows.first().innerText();
    assert.match(row, /Chrome on Linux/);
    assert.match(row, /Never used/);
    await card.getByText('Rename or remove').click();
    await both(page, 'passkeys-settings-card', card);

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(/\/login/);
    await both(page, 'passkeys-login');
    // No email typed: the browser offers the passkey it holds for this site.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/home/);

    await page.goto(`${base}/settings`);
    await card.getByText(/Last used/).waitFor();
    assert.ok((await page.content()).includes(email));
    assert.deepEqual(cspViolations, []);
  });
});
