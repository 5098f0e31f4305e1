import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

describe('find anyone from anywhere', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ada: string;

  before(async () => {
    app = await startApp({ name: 'command-palette' });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Pam Palette');
    ada = (
      await api('/api/v1/contacts', {
        method: 'POST',
        json: { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', tags: ['mathematician'] },
      })
    ).data.id;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const palette = () => page.getByRole('dialog', { name: 'Find anything' });
  const box = () => palette().getByRole('combobox', { name: 'Find people, organizations, tags and pages' });

  it('opens with Ctrl+K on any page, finds a person as you type, and Enter opens them', async () => {
    await page.goto(`${app.url}/map`);
    // Keys pressed before the page is live are lost: press until the palette opens.
    await eventually(async () => {
      await page.keyboard.press('Control+k');
      return (await palette().count()) > 0;
    }, 'Ctrl+K opened the palette');
    await box().fill('lovel');
    await palette()
      .getByRole('option', { name: /Ada Lovelace/ })
      .waitFor();
    await screenshot(page, 'command-palette');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contacts/${ada}$`));
    assert.equal(await palette().count(), 0);
  });

  it('finds organizations, tags and pages, and moves with the arrow keys', async () => {
    await page.keyboard.press('Control+k');
    await box().fill('analyt');
    // The person shows their company too: the organization is the option of that kind.
    await palette()
      .getByRole('option', { name: /Analytical Engines\s*Organization/ })
      .waitFor();
    await box().fill('mathem');
    await palette()
      .getByRole('option', { name: /mathematician/ })
      .waitFor();
    await box().fill('sett');
    const settings = palette().getByRole('option', { name: /Settings/ });
    await settings.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    assert.equal(await settings.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);
  });

  it('opens with / where the page has no search box of its own, and Escape gives focus back', async () => {
    await page.goto(`${app.url}/home`);
    const find = page.getByRole('button', { name: 'Find', exact: true });
    await eventually(async () => {
      await find.focus();
      await page.keyboard.press('Enter');
      return (await palette().count()) > 0;
    }, 'the Find button opened the palette');
    await box().waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await palette().count(), 0);
    await eventually(() => find.evaluate((el) => el === document.activeElement), 'Escape returns focus to the Find button', {
      timeoutMs: 3_000,
    });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await box().waitFor();
    await page.keyboard.press('Escape');
  });
});
