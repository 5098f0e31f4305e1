import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';
import { formatDay } from '../app/keep-in-touch/format-due.ts';

// Issue #43, "fingertip-sized and keyboard-sound": what a tap and a Tab key reach.
describe('the score explains itself to a finger, and the keyboard skips the navigation', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ada: string;

  before(async () => {
    app = await startApp({ name: 'touch-and-keyboard' });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Tom Touch', `touch-${Date.now()}@example.com`);
    ada = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' } })).data
      .id;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The same user on a touch phone (the session's cookie carried over). */
  async function touchPhone(width: number): Promise<{ context: BrowserContext; phone: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    await context.addCookies(await page.context().cookies());
    const phone = await context.newPage();
    phone.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    return { context, phone };
  }

  const hydrated = (p: Page) => p.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);

  for (const width of [390, 320]) {
    it(`a tap on the score badge explains it, a second tap or Escape puts it away, at ${width} px`, async () => {
      const { context, phone } = await touchPhone(width);
      try {
        // The contact page: the parts of the score.
        await phone.goto(`${app.url}/contacts/${ada}`);
        await hydrated(phone);
        const badge = phone.getByRole('button', { name: /^Relationship score/ });
        const parts = phone.getByText('Notes, bio changes and read receipts do not count', { exact: false }).first();
        await badge.tap();
        await parts.waitFor();
        assert.deepEqual(await axeViolations(phone), []);
        await screenshot(phone, `score-tapped-contact-${width}`);
        await badge.tap();
        await parts.waitFor({ state: 'hidden' });
        await badge.tap();
        await parts.waitFor();
        await phone.keyboard.press('Escape');
        await parts.waitFor({ state: 'hidden' });

        // The list: each row's badge says what its number means.
        await phone.goto(`${app.url}/contacts`);
        await hydrated(phone);
        const rowBadge = phone.getByRole('button', { name: /^Relationship score 0\.0/ });
        const meaning = phone.getByText('Relationship score, 0: no conversation seen yet', { exact: false }).first();
        await rowBadge.tap();
        await meaning.waitFor();
        const box = (await phone.locator('[data-radix-popper-content-wrapper]').boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= width, `the explanation spans ${box.x}–${box.x + box.width} at ${width} px`);
        assert.deepEqual(await axeViolations(phone), []);
        await screenshot(phone, `score-tapped-list-${width}`);
        await rowBadge.tap();
        await meaning.waitFor({ state: 'hidden' });
      } finally {
        await context.close();
      }
    });
  }

  it('keyboard focus on the score badge shows the explanation, and Escape hides it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/contacts/${ada}`);
    await hydrated(page);
    const badge = page.getByRole('button', { name: /^Relationship score/ });
    // Tab onto it from the control before it, as a keyboard user would.
    await badge.evaluate((b) => {
      const all = [...document.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex="0"]')];
      all[all.indexOf(b as HTMLElement) - 1]!.focus();
    });
    await page.keyboard.press('Tab');
    assert.equal(await badge.evaluate((b) => b === document.activeElement), true);
    await page.getByText('Notes, bio changes and read receipts do not count', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Notes, bio changes and read receipts do not count', { exact: false }).first().waitFor({ state: 'hidden' });
  });

  it('Add note and Log it keep the focus where the keyboard was, and say that the note or the coffee landed', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/contacts/${ada}`);
    await hydrated(page);
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName);
    await page.getByLabel('New note').fill('Asked about the engine');
    await page.getByRole('button', { name: 'Add note' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('timeline-item').filter({ hasText: 'Asked about the engine' }).waitFor();
    await eventually(async () => (await focusedName()) === 'Add note', 'the focus stays on Add note, not lost to the page', {
      timeoutMs: 3_000,
    });
    await page.getByRole('status').filter({ hasText: 'Note added' }).waitFor();

    await page.getByRole('tab', { name: 'Log a conversation' }).click();
    await page.getByRole('button', { name: 'Log it' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Conversation logged' }).waitFor();
    assert.equal(await focusedName(), 'Log it', 'the focus stays on Log it');
    assert.deepEqual(await axeViolations(page), []);
  });

  for (const width of [1280, 390]) {
    it(`Tab first reaches a visible "Skip to content", which takes the keyboard past the navigation, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`${app.url}/contacts`);
      await hydrated(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      assert.equal(await skip.evaluate((a) => a === document.activeElement), true, 'the skip link is the first stop');
      const box = (await skip.boundingBox())!;
      assert.ok(
        box.width >= 44 && box.height >= 44 && box.x >= 0 && box.x + box.width <= width,
        `the focused skip link shows: ${JSON.stringify(box)}`,
      );
      await screenshot(page, `skip-link-${width}`);
      await page.keyboard.press('Enter');
      await eventually(() => page.evaluate(() => document.activeElement?.tagName === 'MAIN'), 'Enter moves the focus to the page');
      await page.keyboard.press('Tab');
      const next = await page.evaluate(() => ({
        inMain: document.activeElement?.closest('main') !== null,
        inNav: document.activeElement?.closest('nav[aria-label="Main"]') !== null,
      }));
      assert.deepEqual(next, { inMain: true, inNav: false }, 'the next Tab stays on the page');
    });
  }

  it('installed and drawn edge to edge, the header and the tab bar keep clear of the notch and the home indicator', async () => {
    const { context, phone } = await touchPhone(390);
    try {
      await phone.goto(`${app.url}/contacts`);
      await hydrated(phone);
      // An installed app on an iPhone (viewport-fit=cover, which the page asks for) gets these
      // insets; CDP sets them as the phone would. Chromium 150's CDP cannot switch display-mode
      // itself (setEmulatedMedia ignores it), and nothing in Kith's layout reads it: env() does.
      const cdp = await context.newCDPSession(phone);
      const layout = async () => {
        const header = (await phone.getByRole('main').locator('header').first().boundingBox())!;
        const bar = (await phone.getByRole('navigation', { name: 'Main' }).boundingBox())!;
        const tabs = await phone
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link')
          .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().bottom));
        return { headerTop: header.y, barBottom: bar.y + bar.height, lowestTab: Math.max(...tabs) };
      };
      assert.match(
        (await phone.locator('meta[name=viewport]').getAttribute('content')) ?? '',
        /viewport-fit=cover/,
        'the page asks to be drawn edge to edge',
      );
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
      await eventually(async () => (await layout()).headerTop >= 47, 'the page moved below the notch', { timeoutMs: 3_000 });
      const inset = await layout();
      assert.ok(inset.headerTop >= 47, `the header starts at ${inset.headerTop}, below the 47 px notch`);
      assert.ok(Math.abs(inset.barBottom - 844) <= 1, `the tab bar still reaches the screen's bottom edge (${inset.barBottom})`);
      assert.ok(inset.lowestTab <= 844 - 34, `the tabs end at ${inset.lowestTab}, above the 34 px home indicator`);
      await phone.keyboard.press('Tab');
      const skip = (await phone.getByRole('link', { name: 'Skip to content' }).boundingBox())!;
      assert.ok(skip.y >= 47, `the focused skip link shows below the notch (${skip.y})`);
      await screenshot(phone, 'standalone-safe-area-390');
      assert.deepEqual(await axeViolations(phone), []);
    } finally {
      await context.close();
    }
  });

  it('a palette choice puts the keyboard on the new page’s heading', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/home`);
    await hydrated(page);
    const palette = page.getByRole('dialog', { name: 'Find anything' });
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return { tag: el?.tagName ?? null, text: el?.textContent?.trim() ?? null, inMain: el?.closest('main') !== null };
      });
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('lovel');
    await palette.getByRole('option', { name: /Ada Lovelace/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contacts/${ada}$`));
    await eventually(async () => (await focused()).tag === 'H1', 'the focus lands on the heading', { timeoutMs: 3_000 });
    assert.deepEqual(await focused(), { tag: 'H1', text: 'Ada Lovelace', inMain: true });
    // The next Tab goes on from the page, not from the navigation.
    await page.keyboard.press('Tab');
    assert.equal((await focused()).inMain, true);

    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('settings');
    await palette
      .getByRole('option', { name: /Settings/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);
    await eventually(async () => (await focused()).text === 'Settings', 'the focus lands on Settings’ heading', { timeoutMs: 3_000 });
    assert.deepEqual(await focused(), { tag: 'H1', text: 'Settings', inMain: true });
  });

  for (const width of [1280, 390]) {
    it(`Settings' left edge stays put between its sections and the activity log, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`${app.url}/settings`);
      await hydrated(page);
      const main = page.getByRole('main');
      const edges = async () => ({
        heading: Math.round((await main.getByRole('heading', { level: 1 }).boundingBox())!.x),
        // Each Settings page's first card.
        card: Math.round((await main.locator('section').first().boundingBox())!.x),
        sideways: await page.evaluate(() => window.scrollX + (document.getElementById('main')?.scrollLeft ?? 0)),
      });
      const first = await edges();
      assert.equal(first.sideways, 0);
      const sections = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link');
      for (const name of await sections.allInnerTexts()) {
        await sections.filter({ hasText: name }).click();
        await page.getByRole('region', { name }).getByRole('heading', { level: 2, name }).waitFor();
        assert.deepEqual(await edges(), first, `the edges stay put at "${name}"`);
      }
      await main.getByRole('link', { name: 'See all activity' }).click();
      await main.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor();
      assert.deepEqual(await edges(), first, 'the activity log starts where Settings does');
      await screenshot(page, `settings-activity-log-${width}`);
      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Reminders' }).click();
      await page.waitForURL(/\/settings#reminders$/);
      await main.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const back = await edges();
      assert.equal(back.heading, first.heading);
      assert.equal(back.card, first.card);
      assert.deepEqual(await axeViolations(page), []);
    });
  }

  it('Cmd+K and what is typed after it, pressed while the page still loads its script, open the palette with that search', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.addCookies(await page.context().cookies());
    const slow = await context.newPage();
    slow.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    try {
      // The page's script is held back (a slow phone network), so the keys land before hydration.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route(/\/assets\/.+\.js$/, async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await slow.goto(`${app.url}/home`, { waitUntil: 'commit' });
      await slow.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await slow.evaluate(() => performance.getEntriesByName('kith:interactive').length), 0, 'not hydrated yet');
      await slow.keyboard.press('Meta+k');
      await slow.keyboard.type('lovel');
      release();
      await hydrated(slow);
      const palette = slow.getByRole('dialog', { name: 'Find anything' });
      await palette.waitFor();
      assert.equal(await palette.getByRole('combobox').inputValue(), 'lovel');
      await palette.getByRole('option', { name: /Ada Lovelace/ }).waitFor();
      await slow.keyboard.press('Enter');
      await slow.waitForURL(new RegExp(`/contacts/${ada}$`));
    } finally {
      await context.close();
    }
  });

  it('at 1280 px the contact list shows the "Next due" column whole, with no sideways scroll', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const res = await page.request.post(`${app.url}/api/v1/contacts`, {
      headers: { origin: app.url },
      data: {
        first_name: 'Maximiliana',
        last_name: 'Vandersloot-Featherstonehaugh',
        company: 'International Business Machines Corporation',
        title: 'Distinguished Engineer, Systems Architecture',
        tags: ['mathematician', 'engineering', 'london', 'conference'],
        priority: 'high',
        cadence: { every: 3, unit: 'month' },
      },
    });
    assert.equal(res.status(), 201, await res.text());
    const due = (await res.json()).data.next_due as string;
    const shown = formatDay(due);
    await page.goto(`${app.url}/contacts`);
    await hydrated(page);
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'Next due' }).waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Maximiliana' });
    const cell = row.getByRole('cell').last();
    assert.equal((await cell.innerText()).trim(), shown);
    const fit = await cell.evaluate((td) => {
      const scroller = td.closest('table')!.parentElement!;
      const box = td.getBoundingClientRect();
      const frame = scroller.getBoundingClientRect();
      return {
        sideways: scroller.scrollWidth - scroller.clientWidth,
        cut: td.scrollWidth - td.clientWidth,
        inside: box.right <= frame.right + 0.5 && box.left >= frame.left,
        onScreen: box.right <= window.innerWidth,
      };
    });
    assert.deepEqual(fit, { sideways: 0, cut: 0, inside: true, onScreen: true }, `the Next due cell "${shown}" is shown whole`);
    await screenshot(page, 'contact-list-next-due-1280');
  });

  for (const where of ['Home', 'an organization'] as const) {
    it(`on ${where}, a tap on a person's score explains it (a button beside their link, not inside it), at 390 px`, async () => {
      const { context, phone } = await touchPhone(390);
      try {
        let list: Locator;
        if (where === 'Home') {
          // Maximiliana is high priority and never heard from: she is going cold.
          await phone.goto(`${app.url}/home`);
          list = phone.getByRole('list', { name: 'Going cold' });
        } else {
          const org = (await (await phone.request.get(`${app.url}/api/v1/organizations?q=Engines`)).json()).data[0] as { id: string };
          await phone.goto(`${app.url}/organizations/${org.id}`);
          list = phone.getByRole('main').getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
        }
        await hydrated(phone);
        // Ada's earlier coffee gave her a score; Maximiliana has none yet.
        const badge = list.getByRole('button', { name: /^Relationship score \d+\.\d of 10$/ }).first();
        assert.equal(await badge.evaluate((b) => b.closest('a') === null), true, 'the badge is not inside the link');
        const meaning = phone.getByText(/^Relationship score, \d/).first();
        await badge.tap();
        await meaning.waitFor();
        assert.deepEqual(await axeViolations(phone), []);
        await screenshot(phone, `score-tapped-${where === 'Home' ? 'home' : 'organization'}-390`);
        await badge.tap();
        await meaning.waitFor({ state: 'hidden' });
      } finally {
        await context.close();
      }
    });
  }
});
