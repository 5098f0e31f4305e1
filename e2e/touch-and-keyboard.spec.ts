import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

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
});
