import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.mjs';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { freePort } from './support/free-port.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

/**
 * Issue #43, "correct behaviour in standalone mode": Kith installed from its own manifest and
 * opened as the installed app, where `(display-mode: standalone)` holds. CDP's
 * Emulation.setEmulatedMedia ignores a display-mode feature in this Chromium (150), but its PWA
 * domain installs and launches web apps: PWA.install from Kith's manifest, standalone as the
 * user's setting, PWA.launch. The PWA domain answers only over a pipe (Playwright's own link to
 * the Chromium it launched); the app's window, which opens in the browser's default profile, is
 * reached through a second connection on a DevTools port.
 */
describe('Kith installed and opened as an app (display-mode: standalone)', () => {
  let app: RunningApp;
  let shared: Browser;
  let own: Browser;
  let viewer: Browser;
  let installed: BrowserContext;
  let appPage: Page;
  let ada = '';

  before(async () => {
    app = await startApp({ name: 'standalone-app' });
    shared = await launchBrowser();
    const page = await newPage(shared);
    const { api } = await signUpInBrowser(page, app.url, 'Stan Alone', `standalone-${Date.now()}@example.com`);
    ada = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace' } })).data.id;
    const cookies = await page.context().cookies();

    const port = await freePort();
    own = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
    viewer = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    installed = viewer.contexts()[0]!;
    await installed.addCookies(cookies);
    // Chromium offers an installable site with this event; the test plays the browser, as
    // e2e/installable-offline does, to see that the installed app does not offer itself.
    await installed.addInitScript(() => {
      window.addEventListener('load', () => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        setTimeout(() => window.dispatchEvent(event), 50);
      });
    });
    const browserCdp = await own.newBrowserCDPSession();
    // The manifest's id is /home: the installed app is known by it.
    const manifestId = `${app.url}/home`;
    // On a loaded machine Chromium once answered "Couldn't fetch install info" (the manifest not
    // read yet): the install is tried again, a second apart, three times in all.
    for (let attempt = 1; ; attempt++) {
      try {
        await browserCdp.send('PWA.install', { manifestId, installUrlOrBundleUrl: manifestId });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    await browserCdp.send('PWA.changeAppUserSettings', { manifestId, displayMode: 'standalone' });
    const opened = installed.waitForEvent('page', { predicate: (p) => p.url().includes('/home') || p.url() === 'about:blank' });
    await browserCdp.send('PWA.launch', { manifestId });
    appPage = await opened;
    await appPage.waitForURL(/\/home$/);
    // An iPhone 14's screen, drawn edge to edge under the notch and over the home indicator.
    await appPage.setViewportSize({ width: 390, height: 844 });
    const cdp = await installed.newCDPSession(appPage);
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
  });
  after(async () => {
    await viewer?.close().catch(() => {});
    await own?.close();
    await shared?.close();
    await app?.stop();
  });

  const hydrated = (p: Page) => p.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);

  it('opens in standalone mode, the tab bar above the home indicator and the header below the notch', async () => {
    await hydrated(appPage);
    assert.deepEqual(
      await appPage.evaluate(() => ({
        standalone: matchMedia('(display-mode: standalone)').matches,
        browser: matchMedia('(display-mode: browser)').matches,
      })),
      { standalone: true, browser: false },
      'the installed app runs standalone, not in a tab',
    );
    const layout = async () => {
      const header = (await appPage.getByRole('main').locator('header').first().boundingBox())!;
      const bar = (await appPage.getByRole('navigation', { name: 'Main' }).boundingBox())!;
      const tabs = await appPage
        .getByRole('navigation', { name: 'Main' })
        .locator('a, button')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
      return { headerTop: header.y, barBottom: bar.y + bar.height, lowestTab: Math.max(...tabs) };
    };
    await eventually(async () => (await layout()).headerTop >= 47, 'the page moved below the notch', { timeoutMs: 3_000 });
    const shown = await layout();
    assert.ok(shown.headerTop >= 47, `the header starts at ${shown.headerTop}, below the 47 px notch`);
    assert.ok(Math.abs(shown.barBottom - 844) <= 1, `the tab bar's background reaches the screen's bottom edge (${shown.barBottom})`);
    assert.ok(shown.lowestTab <= 844 - 34, `every tab ends at ${shown.lowestTab} or above, clear of the 34 px home indicator`);
    await screenshot(appPage, 'standalone-app-home-390');
    assert.deepEqual(await axeViolations(appPage), []);
  });

  it('assumes no browser around it: no offer to install what is installed, and a way back on every page the tabs open', async () => {
    // The install offer is earned by a saved contact opened after another page.
    await appPage.goto(`${app.url}/contacts/${ada}`);
    await hydrated(appPage);
    await appPage.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    // In a tab this is where the offer shows (e2e/installable-offline); the installed app makes none.
    await appPage.waitForTimeout(300);
    assert.equal(await appPage.getByRole('region', { name: 'Install Kith' }).count(), 0, 'no install offer inside the installed app');
    // No browser back button: the contact page leads back to the list itself.
    const back = appPage
      .getByRole('main')
      .getByRole('link', { name: /Contacts/ })
      .first();
    await back.click();
    await appPage.waitForURL(/\/contacts$/);
    // And the phone's tab bar reaches the rest, Settings through More.
    await appPage.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More', exact: true }).click();
    await appPage.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Settings' }).click();
    await appPage.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await screenshot(appPage, 'standalone-app-settings-390');
  });
});
