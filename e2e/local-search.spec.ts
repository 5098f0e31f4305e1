import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { countReactCommits, takeReactCommits } from './support/react-commits.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

// Instant search (ADR 040): the rows come from this device's index at the key, long before a
// slowed server answers; the server's page then replaces them without moving the focused row;
// with the network cut, search still answers; signing out deletes the index.

const SERVER_DELAY_MS = 4_000;

// A transaction lives while it has requests: the worker asks one after another until told to stop.
const HOLDER = `
  const open = indexedDB.open('kith-search');
  open.onsuccess = () => {
    const tx = open.result.transaction(['rows', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta');
    let held = true;
    onmessage = () => (held = false);
    const next = () => { if (held) meta.get('state').onsuccess = next; };
    next();
    tx.oncomplete = () => postMessage('released');
    postMessage('held');
  };
`;

/**
 * A second tab of the same site that holds this device's index in a write (from a worker, so
 * no page's thread waits on it) until released: the reads of a page opened meanwhile wait.
 */
async function holdIndex(page: Page): Promise<{ release: () => Promise<void> }> {
  const tab = await page.context().newPage();
  await tab.goto(new URL('/favicon.svg', page.url()).href);
  await tab.evaluate(async (source) => {
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    (globalThis as { holder?: Worker }).holder = worker;
    await new Promise((resolve) => worker.addEventListener('message', resolve, { once: true }));
  }, HOLDER);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await tab.evaluate(async () => {
        const worker = (globalThis as { holder?: Worker }).holder!;
        const done = new Promise((resolve) => worker.addEventListener('message', resolve, { once: true }));
        worker.postMessage('release');
        await done;
      });
      await tab.close();
    },
  };
}

describe('search answers from this device as you type', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    app = await startApp({ name: 'local-search' });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Ian Instant');
    for (const contact of [
      { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines' },
      { first_name: 'Alan', last_name: 'Turing', title: 'Cryptanalyst' },
      { first_name: 'Grace', last_name: 'Hopper', company: 'US Navy' },
      { first_name: 'Marie', last_name: 'Curie', tags: ['physics'] },
      { first_name: 'Mário', last_name: 'Núñez', emails: ['mario@example.com'] },
      { first_name: 'Lovisa', last_name: 'Berg', notes: 'Only the notes say zeppelin' },
    ])
      await api('/api/v1/contacts', { method: 'POST', json: contact });
    // Kept in touch with daily: due tomorrow (for Home offline).
    await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Olga', last_name: 'Daily', cadence: { every: 1, unit: 'day' } } });
    // A new page load reads the index from the device and catches up from its cursor.
    await page.goto(`${app.url}/settings`);
    await page.getByTestId('local-search-status').filter({ hasText: '7 contacts kept here' }).waitFor();
    await page.getByRole('heading', { name: 'Search on this device' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'local-search-settings');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const slowServer = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, SERVER_DELAY_MS));
    await route.continue().catch(() => {});
  };
  const box = () => page.getByRole('searchbox', { name: 'Search contacts' });
  const names = () => page.getByTestId('contact-name').allInnerTexts();

  /** Opens the list counting React's commits, the server's pages held back while `typing` runs. */
  const typingWithServerHeld = async (typing: () => Promise<void>) => {
    await page.addInitScript(countReactCommits);
    await page.goto(`${app.url}/contacts`);
    await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
    const hold = () => undefined;
    await page.route(/_data=/, hold);
    try {
      await typing();
    } finally {
      await page.unroute(/_data=/, hold);
    }
  };

  it('shows the rows at the key with the server slowed, and keeps the focused row when its page lands', async () => {
    await page.goto(`${app.url}/contacts`);
    await box().waitFor();
    await page.route(/_data=/, slowServer);
    try {
      const typedAt = Date.now();
      await box().pressSequentially('lov');
      await page.getByRole('link', { name: /Ada Lovelace/ }).waitFor({ timeout: SERVER_DELAY_MS / 2 });
      assert.ok(Date.now() - typedAt < SERVER_DELAY_MS, 'the rows came before the server could answer');
      // Tiers as the server ranks them: name prefix first ("Lovisa" starts the name), then a name word.
      assert.deepEqual(await names(), ['Lovisa Berg', 'Ada Lovelace']);
      await page.getByRole('link', { name: /Ada Lovelace/ }).focus();
      await screenshot(page, 'local-search-rows-1280');
      // The server's page lands (the URL says its query): same rows, same order, focus where it was.
      await page.waitForURL(/q=lov/, { timeout: SERVER_DELAY_MS * 3 });
      await eventually(async () => (await page.getByRole('progressbar', { name: 'Loading' }).count()) === 0, 'the page landed');
      assert.deepEqual(await names(), ['Lovisa Berg', 'Ada Lovelace']);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent?.includes('Ada Lovelace')), true);
    } finally {
      await page.unroute(/_data=/, slowServer);
    }
  });

  it('searches with the network cut, accents folded as the server folds them', async () => {
    // Another tab writing the index holds it while this page opens, as a slow phone's read
    // does: a key typed offline meanwhile waits for the device's rows instead of asking a
    // server it cannot reach (that request failed and took the page down to an error).
    const otherTab = await holdIndex(page);
    const asked: string[] = [];
    const askedServer = (request: Request) => void (/_data=/.test(request.url()) && asked.push(request.url()));
    await page.goto(`${app.url}/contacts`);
    await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
    await page.context().setOffline(true);
    page.on('request', askedServer);
    try {
      await box().fill('mario nunez');
      await otherTab.release();
      await page.getByRole('link', { name: /Mário Núñez/ }).waitFor({ timeout: 5_000 });
      await box().fill('analyt');
      await page.getByRole('link', { name: /Ada Lovelace/ }).waitFor({ timeout: 2_000 });
      assert.deepEqual(await names(), ['Ada Lovelace']);
      assert.match(page.url(), /\/contacts$/);
      assert.deepEqual(asked, [], 'no search went to the server');
      await screenshot(page, 'local-search-offline');
    } finally {
      page.off('request', askedServer);
      await otherTab.release();
      await page.context().setOffline(false);
    }
  });

  it('with a filter on and the network cut, filters the rows on this device', async () => {
    await page.goto(`${app.url}/contacts?tag=physics`);
    await page.getByRole('link', { name: /Marie Curie/ }).waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
    await page.context().setOffline(true);
    try {
      // "mar" finds Mário Núñez on this device too, who is not tagged physics: the tag leaves him out.
      await box().fill('mar');
      await page.locator('[data-rows-for="mar"]').waitFor({ timeout: 5_000 });
      assert.deepEqual(await names(), ['Marie Curie']);
      await box().fill('m');
      await page.locator('[data-rows-for="m"]').waitFor({ timeout: 5_000 });
      assert.deepEqual(await names(), ['Marie Curie']);
      assert.match(page.url(), /tag=physics/);
      await screenshot(page, 'local-search-offline-filtered');
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('with a filter the device does not keep and the network cut, says the search needs the connection', async () => {
    await page.goto(`${app.url}/contacts?source=manual`);
    await page.getByRole('link', { name: /Marie Curie/ }).waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
    await page.context().setOffline(true);
    try {
      await box().fill('mar');
      await page.getByRole('status').filter({ hasText: 'needs the connection' }).waitFor({ timeout: 5_000 });
      assert.deepEqual(await names(), [], 'no rows that ignore the filter');
      assert.match(page.url(), /source=manual/);
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('shows who is due on Home with the network cut, from this device', async () => {
    // Home's code is loaded once online (offline, Kith's service worker serves it; the journeys run without it).
    await page.goto(`${app.url}/home`);
    await page.getByRole('link', { name: 'Contacts', exact: true }).first().click();
    await page.waitForURL(/\/contacts$/);
    await box().waitFor();
    await page.context().setOffline(true);
    try {
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await page.getByText('You are offline: who is due, from what this device keeps.').waitFor({ timeout: 5_000 });
      assert.deepEqual(await page.getByRole('list', { name: 'This week' }).getByRole('link').allInnerTexts(), ['Olga Daily']);
      await screenshot(page, 'local-agenda-offline');
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('answers at 390 px too, and the page stays accessible', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/contacts`);
    await box().waitFor();
    await page.route(/_data=/, slowServer);
    try {
      await box().pressSequentially('hop');
      await page.getByRole('link', { name: /Grace Hopper/ }).waitFor({ timeout: SERVER_DELAY_MS / 2 });
      await screenshot(page, 'local-search-rows-390');
      assert.deepEqual(await axeViolations(page), []);
    } finally {
      await page.unroute(/_data=/, slowServer);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('answers in Cmd+K before the server, and the notes stay the server’s', async () => {
    await page.goto(`${app.url}/home`);
    const slowApi = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, SERVER_DELAY_MS));
      await route.continue().catch(() => {});
    };
    await page.route(/\/api\/v1\/contacts\?/, slowApi);
    try {
      const palette = page.getByRole('dialog', { name: 'Find anything' });
      await eventually(async () => {
        await page.keyboard.press('Control+k');
        return (await palette.count()) > 0;
      }, 'Ctrl+K opened the palette');
      await palette.getByRole('combobox').fill('curie');
      await palette.getByRole('option', { name: /Marie Curie/ }).waitFor({ timeout: SERVER_DELAY_MS / 2 });
      await screenshot(page, 'local-search-palette');
      // Only the server reads notes: its answer brings Lovisa for "zeppelin".
      await palette.getByRole('combobox').fill('zeppelin');
      await palette.getByRole('option', { name: /Lovisa Berg/ }).waitFor({ timeout: SERVER_DELAY_MS * 3 });
      await page.keyboard.press('Escape');
    } finally {
      await page.unroute(/\/api\/v1\/contacts\?/, slowApi);
    }
  });

  it('goes on from where a first build stopped when the page is opened again', async () => {
    const fresh = await newPage(browser);
    try {
      const { api } = await signUpInBrowser(fresh, app.url, 'Rhea Resume');
      for (const first of ['Ana', 'Bea', 'Cid', 'Dov', 'Eli', 'Fay', 'Gus'])
        await api('/api/v1/contacts', { method: 'POST', json: { first_name: first, last_name: 'Resume' } });
      // A device that never built it: the index the sign-up's page began is deleted, off the app's pages.
      await fresh.goto(`${app.url}/favicon.svg`);
      await fresh.evaluate(
        () => new Promise((resolve) => Object.assign(indexedDB.deleteDatabase('kith-search'), { onsuccess: resolve, onerror: resolve })),
      );
      // Pages of 2 contacts, and the third never comes: the tab closed, the train in a tunnel.
      const asked: string[] = [];
      let served = 0;
      let cutAfter: number | null = 2;
      await fresh.route(/\/api\/v1\/search-index\?/, async (route) => {
        const url = new URL(route.request().url());
        asked.push(url.searchParams.get('since') ?? '');
        if (cutAfter !== null && served >= cutAfter) return route.abort();
        served++;
        url.searchParams.set('limit', '2');
        await route.continue({ url: url.href });
      });
      const saved = () =>
        fresh.evaluate(
          () =>
            new Promise<{ cursor: string; complete: boolean } | undefined>((resolve) => {
              const open = indexedDB.open('kith-search');
              open.onsuccess = () => {
                const get = open.result.transaction('meta').objectStore('meta').get('state');
                get.onsuccess = () => (resolve(get.result), open.result.close());
              };
            }),
        );
      await fresh.goto(`${app.url}/settings`);
      await eventually(async () => asked.length === 3, 'the third page was asked for and cut off');
      const cut = await saved();
      assert.equal(cut?.complete, false);
      assert.equal(cut?.cursor, asked[2], 'the saved cursor is where the cut page started');
      await fresh
        .getByTestId('local-search-status')
        .filter({ hasText: 'Preparing search on this device: 4 of 7 contacts so far' })
        .waitFor();

      cutAfter = null;
      await fresh.reload();
      await fresh.getByTestId('local-search-status').filter({ hasText: '7 contacts kept here' }).waitFor();
      // Read on from the saved cursor: the two pages saved were not asked for again.
      assert.deepEqual(asked.slice(3, 5), [cut?.cursor, asked[4]]);
      assert.ok(!asked.slice(3).includes(''), 'the build did not start again from the beginning');
      assert.equal(served, 4);
      assert.equal((await saved())?.complete, true);
    } finally {
      await fresh.context().close();
    }
  });

  it('asks for a new device’s first pages while the page hydrates, once, and a device with its index asks for none (#49)', async () => {
    // The same person on a second device: no index, no mark of one.
    const device = await newPage(browser);
    try {
      await device.context().addCookies(await page.context().cookies());
      const snapshots: string[] = [];
      device.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/search-index' && url.searchParams.get('since') === '') snapshots.push(url.href);
      });
      // A phone-class CPU: hydrating Settings takes long enough to see what was asked for before.
      const cdp = await device.context().newCDPSession(device);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await device.goto(`${app.url}/settings`);
      await device.getByTestId('local-search-status').filter({ hasText: '7 contacts kept here' }).waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const { askedAt, interactiveAt } = await device.evaluate(() => ({
        askedAt: performance.getEntriesByType('resource').find((e) => /\/api\/v1\/search-index\?since=&/.test(e.name))!.startTime,
        interactiveAt: performance.getEntriesByName('kith:interactive')[0]!.startTime,
      }));
      // Asked for from the entry script, before hydration; the app's effects run only after it.
      assert.ok(
        askedAt < interactiveAt - 200,
        `the first page was asked for at ${askedAt} ms, the page was interactive at ${interactiveAt} ms`,
      );
      assert.equal(snapshots.length, 1, 'the build used the page asked for early, not a second one');
      // Opened again, the device holds its index: nothing is asked for from the beginning.
      await device.goto(`${app.url}/contacts`);
      await device.getByRole('searchbox', { name: 'Search contacts' }).waitFor();
      await device.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
      await device.waitForTimeout(500);
      assert.equal(snapshots.length, 1, 'a device with its index asked for no first page');
    } finally {
      await device.context().close();
    }
  });

  it('mounts no score tooltip for the rows a key brings, and still explains a score pointed at (#49)', async () => {
    // Each row's score badge mounted a Radix tooltip root at every key (three renders each before
    // the frame); now its explanation mounts when pointed at, focused or tapped. Counted, not timed.
    const rowsFor = (q: string) => page.locator(`[data-rows-for="${q}"]`).waitFor();
    await typingWithServerHeld(async () => {
      await box().fill('lovi');
      await rowsFor('lovi');
      assert.deepEqual(await names(), ['Lovisa Berg']);
      await takeReactCommits(page);
      await page.keyboard.press('Backspace');
      await rowsFor('lov');
      assert.deepEqual(await names(), ['Lovisa Berg', 'Ada Lovelace']);
      const key = await takeReactCommits(page);
      assert.ok((key.mounted['#host'] ?? 0) > 0, 'the key drew Ada’s row');
      assert.equal(key.mounted.Tooltip ?? 0, 0, `tooltip roots mounted by a key: ${JSON.stringify(key.mounted)}`);
      await page
        .getByRole('button', { name: /^Relationship score/ })
        .last()
        .hover();
      await page
        .getByRole('tooltip')
        .filter({ hasText: /^Relationship score, / })
        .waitFor();
      assert.equal((await takeReactCommits(page)).mounted.Tooltip, 1, 'the badge pointed at mounted one');
    });
  });

  it('draws the rows that fit on the screen in the key’s frame, and the rest once typing pauses (#49)', async () => {
    // A screen so short that the table starts below it: one row fits, measured after a paint.
    await page.setViewportSize({ width: 1280, height: 200 });
    await page.goto(`${app.url}/contacts`);
    await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
    const hold = () => undefined;
    await page.route(/_data=/, hold);
    try {
      await box().fill('lovi');
      await page.locator('[data-rows-for="lovi"]').waitFor();
      // In the frame whose rows answer "a": how many rows the table holds.
      const inFrame = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const check = () => {
              const list = document.querySelector('[data-rows-for]');
              if (list?.getAttribute('data-rows-for') === 'a') resolve(list.querySelectorAll('tbody tr').length);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      );
      await box().fill('a');
      assert.equal(await inFrame, 1, 'the key’s frame drew the one row that fits');
      await eventually(async () => (await names()).length === 2, 'the rest of the rows followed');
      assert.deepEqual((await names()).sort(), ['Ada Lovelace', 'Alan Turing']);
    } finally {
      await page.unroute(/_data=/, hold);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('writes a key’s rows into the rows already on the page, and a row opens its contact without a page load (#49)', async () => {
    // A key that swaps one person for another (rows of the same shape: no title, no tags) took a
    // row out and built one, every element created, styled and laid out again in the key's
    // frame; the row is now reused.
    await typingWithServerHeld(async () => {
      await box().fill('lovi');
      await page.locator('[data-rows-for="lovi"]').waitFor();
      assert.deepEqual(await names(), ['Lovisa Berg']);
      const lovisasRow = await page.locator('tbody tr').first().elementHandle();
      await takeReactCommits(page);
      await box().fill('olga');
      await page.locator('[data-rows-for="olga"]').waitFor();
      assert.deepEqual(await names(), ['Olga Daily']);
      const key = await takeReactCommits(page);
      assert.equal(key.mounted['#host'] ?? 0, 0, `elements built by the key: ${JSON.stringify(key.mounted)}`);
      assert.equal(await lovisasRow!.evaluate((row) => row.isConnected && row.textContent?.includes('Olga Daily')), true);
    });
    // A plain click goes through the router, as a Link's would: this document stays.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('link', { name: /Olga Daily/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Olga Daily' }).waitFor();
    assert.equal(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument), true, 'no page load');
    await page.goBack();
    await box().waitFor();
  });

  it('deletes the index when the session ends', async () => {
    await page.goto(`${app.url}/contacts`);
    assert.ok((await page.evaluate(() => indexedDB.databases())).some((d) => d.name === 'kith-search'));
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL(/\/login/);
    await eventually(
      async () => !(await page.evaluate(() => indexedDB.databases())).some((d) => d.name === 'kith-search'),
      'the index was deleted',
    );
  });
});
