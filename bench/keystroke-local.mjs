/* global document, window, indexedDB, navigator, requestAnimationFrame, MessageChannel -- the in-page parts run in Chromium */
// Keystroke to rows from this device's index (issue #49, ADR 040/047), in a real Chromium
// against the bench Worker, for the main user's 50 000 contacts: the first build on an empty
// device (its time, the IndexedDB it takes, the tab's heap), then for each query the time from
// the last key's event to the frame that painted its rows, at full speed and with the CPU
// slowed 4× (a phone-class CPU, through the DevTools protocol). The server's answers are held
// back while typing, so every figure is the local index's.
import { chromium } from 'playwright-core';
import { summarise } from './measure.mjs';

export const QUERIES = ['m', 'a', 'mar', 'lovelace', 'quantum', 'lovelase', 'maria garcia', 'investor', '@mar', 'm a'];
const BUILD_TIMEOUT_MS = 600_000;

/**
 * In the page: until the list says it shows the rows for `q`, then the end of the frame that
 * painted them (also kept as `window.__rowsPainted`, for a watch started before a key).
 */
export function rowsPaintedFor(q) {
  return (window.__rowsPainted = new Promise((resolve) => {
    const check = () => {
      if (document.querySelector('[data-rows-for]')?.getAttribute('data-rows-for') === q) {
        // rAF runs before the frame's paint; a task posted from it runs after. At user-blocking
        // priority it runs first after the frame, before the page's own work queued for after
        // its paint (the server's page asked for, the rest of the rows), which is not the key's.
        const painted = () => {
          // Where bench/profile-local.mjs --trace ends the key's critical path.
          performance.mark('kith:rows-painted');
          resolve(performance.now());
        };
        if (globalThis.scheduler?.postTask) globalThis.scheduler.postTask(painted, { priority: 'user-blocking' });
        else {
          const channel = new MessageChannel();
          channel.port1.onmessage = painted;
          channel.port2.postMessage(0);
        }
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }));
}

/** In the page: arms a one-time listener for the next key's event time. */
export function armKey() {
  window.__keyAt = new Promise((resolve) =>
    window.addEventListener('keydown', (event) => resolve(event.timeStamp), { once: true, capture: true }),
  );
}

/** Types `q` but its last key, waits for those rows, then times the last key: its event to its rows' paint (ms). */
export async function timeLastKey(page, q) {
  const box = page.getByRole('searchbox', { name: 'Search contacts' });
  await box.fill(q.slice(0, -1));
  await page.evaluate(rowsPaintedFor, q.slice(0, -1));
  // Both watches run before the key is sent: a watch asked for beside the key could start a frame
  // or more after its rows painted (the key's input task goes first), and time that frame instead.
  await page.evaluate(`(${armKey})(); (${rowsPaintedFor})(${JSON.stringify(q)}); 0`);
  await page.keyboard.press(q.slice(-1) === ' ' ? 'Space' : q.slice(-1));
  const [keyAt, paintedAt] = await page.evaluate(() => Promise.all([window.__keyAt, window.__rowsPainted]));
  return paintedAt - keyAt;
}

/** In the page: IndexedDB's usage for this origin and whether the index says it is complete. */
async function storedIndex() {
  const estimate = await navigator.storage.estimate();
  const complete = await new Promise((resolve) => {
    const open = indexedDB.open('kith-search');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('meta')) return (resolve(false), db.close());
      const get = db.transaction('meta').objectStore('meta').get('state');
      get.onsuccess = () => (resolve(Boolean(get.result?.complete)), db.close());
    };
    open.onerror = () => resolve(false);
  });
  return { bytes: estimate.usageDetails?.indexedDB ?? estimate.usage, complete };
}

export async function typeQueries(page, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) for (const q of QUERIES) times.push(await timeLastKey(page, q));
  return summarise(times);
}

export async function measureLocalKeystrokes(baseUrl, session, { runs = 3, contacts } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, serviceWorkers: 'block' });
    const [name, value] = session.cookie.split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The first build on an empty device, on a phone-class CPU: from the page's start to the
    // index saying it is whole (Settings' "… contacts kept here").
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${baseUrl}/settings`);
    const kept = page.getByTestId('local-search-status').filter({ hasText: 'contacts kept here' });
    await kept.waitFor({ timeout: BUILD_TIMEOUT_MS });
    const buildMs = await page.evaluate(() => performance.now());
    // The part of it spent waiting on the Worker's pages (one after another), at the machine's load.
    const serverMs = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/v1/search-index'))
        .reduce((sum, entry) => sum + entry.duration, 0),
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const statusText = await kept.innerText();
    const stored = await page.evaluate(storedIndex);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');

    // Typing, the index read from the device by a new page load; the server's pages held back.
    // Never answered: the next key's navigation aborts each, and the list's own query stays ''.
    await page.route(/_data=/, () => {});
    await page.goto(`${baseUrl}/contacts`);
    await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
    await page.waitForFunction(() => document.querySelector('[data-rows-for]') !== null);
    // Until the device's rows are in memory a key goes to the server: wait for a local answer.
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('ma');
    await page.evaluate(rowsPaintedFor, 'ma');
    const full = await typeQueries(page, runs);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slowed = await typeQueries(page, runs);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const mb = (bytes) => Math.round(bytes / 1e5) / 10;
    const note = `${QUERIES.length} queries × ${runs}; last key's event to the frame that painted its rows`;
    return [
      {
        name: 'local search: keystroke to painted rows in Chromium',
        unit: 'ms',
        ...full,
        budget: 'p50 ≤ 16, p95 ≤ 50',
        pass: full.median <= 16 && full.p95 <= 50,
        note,
      },
      {
        name: 'local search: keystroke to painted rows, CPU 4× slower',
        unit: 'ms',
        ...slowed,
        budget: 'p50 ≤ 50',
        pass: slowed.median <= 50,
        note,
      },
      {
        name: 'local index: first build on an empty device, CPU 4× slower',
        unit: 's',
        median: Math.round(buildMs / 100) / 10,
        budget: '< 10 s',
        pass: buildMs < 10_000 && stored.complete,
        note: `${contacts ?? '?'} contacts; page start to "${statusText.match(/[\d,]+ contacts kept here/)?.[0]}"; ${Math.round(serverMs / 100) / 10} s of it waiting on the Worker's pages`,
      },
      {
        name: 'local index: IndexedDB size',
        unit: 'MB',
        median: mb(stored.bytes),
        budget: '< 30 MB',
        pass: stored.bytes < 30e6,
        note: 'navigator.storage.estimate() usageDetails.indexedDB',
      },
      {
        name: 'local index: the tab’s JS heap after the build',
        unit: 'MB',
        median: mb(heap.usedSize),
        budget: '< 60 MB',
        pass: heap.usedSize < 60e6,
        note: 'Runtime.getHeapUsage after a GC',
      },
    ];
  } finally {
    await browser.close();
  }
}
