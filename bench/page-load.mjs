// Page loads as the user feels them, in a real Chromium against the bench Worker: first
// contentful paint, interactive (the app's `kith:interactive` mark, set once hydration has
// committed) and the JS and CSS the page fetched (gzip, as a CDN would serve them), for the
// contact list (50 000 contacts), the busy contact's page and the map (100 000 geocoded).
// Each load is a first visit: a fresh browser context, nothing cached.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium.mjs';
import { round, summarise } from './measure.mjs';

const INTERACTIVE_BUDGET_MS = 800;

const pages = (busyContact) => [
  { label: '/contacts (50 000 contacts)', path: '/contacts', user: 'main' },
  { label: 'contact page (5 000 interactions)', path: `/contacts/${busyContact}`, user: 'main' },
  { label: '/map (100 000 geocoded contacts)', path: '/map', user: 'map' },
];

async function gzipKb(urls) {
  let bytes = 0;
  for (const url of urls) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return round(bytes / 1024);
}

async function loadOnce(browser, baseUrl, cookie, path) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
    // Nothing leaves the machine: Mapbox's own hosts (telemetry, fonts) answer 204.
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route) => route.fulfill({ status: 204 }),
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`);
    await page.waitForFunction(
      () =>
        performance.getEntriesByName('kith:interactive').length > 0 && performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      { timeout: 30_000 },
    );
    // The map's lazy chunks (mapbox-gl) load after hydration: let the network settle before counting bytes.
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
      interactive: performance.getEntriesByName('kith:interactive')[0].startTime,
      js: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => r.name),
      css: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.css'))
        .map((r) => r.name),
    }));
  } finally {
    await context.close();
  }
}

export async function measurePageLoad(baseUrl, session, { busyContact, runs = 5 }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const results = [];
  try {
    for (const { label, path, user } of pages(busyContact)) {
      const loads = [];
      // One load to warm the Worker, then the measured ones.
      await loadOnce(browser, baseUrl, session(user).cookie, path);
      for (let i = 0; i < runs; i++) loads.push(await loadOnce(browser, baseUrl, session(user).cookie, path));
      const interactive = summarise(loads.map((l) => l.interactive));
      const last = loads[loads.length - 1];
      const [js, css] = await Promise.all([gzipKb(last.js), gzipKb(last.css)]);
      results.push(
        { name: `${label}: first contentful paint`, unit: 'ms', ...summarise(loads.map((l) => l.paint)) },
        {
          name: `${label}: interactive`,
          unit: 'ms',
          ...interactive,
          budget: `p50 < ${INTERACTIVE_BUDGET_MS}`,
          pass: interactive.median < INTERACTIVE_BUDGET_MS,
        },
        { name: `${label}: JS fetched (gzip)`, unit: 'KB', median: js, note: `${last.js.length} files, lazy chunks included` },
        { name: `${label}: CSS fetched (gzip)`, unit: 'KB', median: css, note: `${last.css.length} files` },
      );
    }
  } finally {
    await browser.close();
  }
  return results;
}
