import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

export { CHROMIUM };
export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Every CSP violation any page reported; specs assert it stays empty. */
export const cspViolations: string[] = [];

/** Set by e2e/run.mjs: the address of the one Chromium the specs open their pages in. */
export const SHARED_BROWSER_ENV = 'KITH_E2E_BROWSER';

/**
 * The browser a spec opens its contexts in: the runner's shared Chromium when there is one
 * (closing it then closes only this spec's contexts), otherwise a Chromium of its own.
 * Launching Chromium per spec cost each of the 44 specs its own browser start.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The runner's shared Chromium, which specs reach through `launchBrowser()`. */
export function launchSharedBrowser() {
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A fresh page whose requests to anything but this machine get an empty 204. */
export async function newPage(browser: Browser): Promise<Page> {
  // Without Kith's service worker: Playwright's page.route never sees the requests a service
  // worker answers, so the journeys that slow or cut the network would test the worker's cache
  // instead of the page. e2e/installable-offline.spec.ts opens its own context, with the worker.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  // A request still in flight when the spec closes the browser (a revalidation, a keepalive
  // send) has its route ended under it: that is the end of the test, not a failure.
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost' || host === '[::1]') return route.continue().catch(() => {});
    return route.fulfill({ status: 204, body: '' }).catch(() => {});
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return page;
}

/**
 * "0" turns the journeys' screenshots off: `npm test` sets it unless the caller set it (two
 * hundred full-page captures are Chromium's CPU spent on pictures no check looks at);
 * `npm run test:e2e` and a spec run alone keep them, and `E2E_SCREENSHOTS=1 npm test` asks for them.
 */
export const SCREENSHOTS_ENV = 'E2E_SCREENSHOTS';

export function screenshotsWanted(): boolean {
  return process.env[SCREENSHOTS_ENV] !== '0';
}

/** The whole page into e2e/artifacts/`name`.png, when screenshots are wanted. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/**
 * One part of a page into e2e/artifacts/`name`.png, when screenshots are wanted. Capturing it
 * waits for the part to be shown (and fails if it never is): without the picture it still waits.
 */
export async function screenshotOf(part: Locator, name: string): Promise<void> {
  if (!screenshotsWanted()) return part.waitFor();
  mkdirSync(ARTIFACTS, { recursive: true });
  await part.screenshot({ path: `${ARTIFACTS}${name}.png` });
}

/**
 * A download's text. Specs share one Chromium through `chromium.connect`, where a download has no
 * local path (Playwright: "Path is not available when connecting remotely"): it is streamed.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
