import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appendFileSync, cpSync, rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { serveApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

// A new deploy while Kith is open (issue #43, ADR 034): the new service worker waits, the open
// page keeps working on the version it started with and says "A new version is ready"; Reload
// hands over to the new version, still signed in, on the same page.

/** The worker's script as the next deploy would serve it: the same app, other bytes. */
/** This spec's own copy of the built app's static files: deploying again changes the copy only. */
const ASSETS = '.wrangler/e2e-new-version-assets';
/** The next deploy as far as the browser can tell: the worker's script, other bytes. */
const deployAgain = () => appendFileSync(`${ASSETS}/sw.js`, '\n// the next deploy\n');

const workers = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: !!registration?.waiting, controlled: !!navigator.serviceWorker.controller };
  });

describe('a new deploy while Kith is open', () => {
  let app: RunningApp;
  let browser: Browser;

  before(async () => {
    rmSync(ASSETS, { recursive: true, force: true });
    cpSync('build/client', ASSETS, { recursive: true });
    app = await serveApp({ name: 'new-version', assets: ASSETS });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(ASSETS, { recursive: true, force: true });
  });

  it('says "A new version is ready" without breaking the open page, and Reload takes the new version, still signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { api } = await signUpInBrowser(page, app.url, 'Nina Newversion', `nina-${Date.now()}@example.com`);
    const ada = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace' } })).data as {
      id: string;
    };
    await page.goto(`${app.url}/contacts/${ada.id}`);
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await eventually(async () => (await workers(page)).controlled, 'the service worker controls the page');
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // Half-way through a note, Kith is deployed again and the page checks for it.
    await page.getByLabel('New note').fill('Draft from before the deploy');
    deployAgain();
    // The phone is put away and taken out again: the page looks for a new deploy (wrangler takes a
    // moment to serve the new files, so it may take a few looks).
    const askForUpdate = async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      return page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return !!(registration?.installing || registration?.waiting);
      });
    };
    const served = async () => (await (await fetch(`${app.url}/sw.js`)).text()).endsWith('// the next deploy\n');
    await eventually(served, 'wrangler serves the next deploy', { timeoutMs: 60_000, everyMs: 500 });
    await eventually(askForUpdate, 'the browser found the next deploy', { timeoutMs: 60_000, everyMs: 1000 });
    const ready = page.getByText('A new version is ready');
    await ready.waitFor({ timeout: 20_000 });
    assert.deepEqual(await workers(page), { waiting: true, controlled: true }, 'the new version waits; the old one still serves this page');
    assert.equal(await page.getByLabel('New note').inputValue(), 'Draft from before the deploy', 'the draft is untouched');
    await screenshot(page, 'new-version-ready-390');
    assert.deepEqual(await axeViolations(page), []);

    // The open page still works on the version it started with.
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByTestId('timeline-item').filter({ hasText: 'Draft from before the deploy' }).waitFor();

    await page.getByRole('button', { name: 'Reload' }).click();
    await eventually(async () => !(await workers(page).catch(() => ({ waiting: true }))).waiting, 'the new version took over', {
      timeoutMs: 20_000,
    });
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/contacts/${ada.id}`);
    await page.getByTestId('timeline-item').filter({ hasText: 'Draft from before the deploy' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), first, 'controlled by the new version');
    assert.equal(await ready.count(), 0);
    const notes = ((await api(`/api/v1/contacts/${ada.id}/timeline?limit=50`)).data as { kind: string }[]).filter((i) => i.kind === 'note');
    assert.equal(notes.length, 1);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
