import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

// ADR 049: a wedding anniversary stays a contact date; the Life section shows it as a yearly entry.
describe("A wedding anniversary in the contact page's Life section", () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await page.request.fetch(`${app.url}/api/v1${path}`, { method, data: body, headers: { origin: app.url } });
    return res.json();
  };

  before(async () => {
    app = await startApp({ name: 'anniversary-in-life' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Ann Iversary');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the anniversary with its years and day at 390 px', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const month = soon.getUTCMonth() + 1;
    const day = soon.getUTCDate();
    const year = soon.getUTCFullYear() - 10;
    const jenny = (await api('POST', '/contacts', { first_name: 'Jenny', last_name: 'Lind' })).data;
    await api('POST', `/contacts/${jenny.id}/dates`, { kind: 'anniversary', month, day, year });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/contacts/${jenny.id}`);
    const life = page.locator('section', { has: page.getByRole('heading', { name: 'Life', exact: true }) });
    const entry = life.getByTestId('life-yearly-date');
    await entry.waitFor();
    const text = await entry.innerText();
    assert.match(text, /Wedding anniversary · \d+ \w+ \d{4}/);
    assert.match(text, /every year · 10 years on \w+day/);
    await entry.scrollIntoViewIfNeeded();
    await screenshot(page, 'life-anniversary-390');
  });
});
