import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe("Life events: the contact page's Life section and Home's What's new", () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let lin: { id: string };

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await page.request.fetch(`${app.url}/api/v1${path}`, { method, data: body, headers: { origin: app.url } });
    return res.json();
  };
  /** A CSV import through the API, waited for: the second one changes Lin's title and city. */
  const importCsv = async (text: string) => {
    const res = await page.request.fetch(`${app.url}/api/v1/imports/csv`, {
      method: 'POST',
      headers: { origin: app.url },
      multipart: { file: { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(text) } },
    });
    const id = (await res.json()).data.import_id;
    for (let i = 0; i < 60; i++) {
      if ((await api('GET', `/imports/${id}`)).data.status === 'done') return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the import did not finish');
  };

  before(async () => {
    app = await startApp({ name: 'life-events' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Liv Events');
    await importCsv('Name,Email,Title,Location\nLin Wu,lin@example.org,Designer,Oslo\n');
    lin = (await api('GET', '/contacts?q=Lin')).data[0];
    await importCsv('Name,Email,Title,Location\nLin Wu,lin@example.org,Design Lead,Bergen\n');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const life = () => page.locator('section', { has: page.getByRole('heading', { name: 'Life', exact: true }) });

  it('adds a yearly event on the contact page and shows what was found with its evidence', async () => {
    await page.goto(`${app.url}/contacts/${lin.id}`);
    await life().getByText('Now Design Lead').waitFor();
    await life().getByText('Designer', { exact: true }).waitFor();
    await life().getByRole('button', { name: 'Add a life event' }).click();
    await life().getByLabel('What happened').selectOption('engaged_married');
    await life().getByLabel('Summary').fill('Married Sam');
    await life().getByLabel('When (YYYY, YYYY-MM or YYYY-MM-DD)').fill('2021-06-12');
    await life().getByLabel('Every year on this day', { exact: false }).check();
    await life().getByRole('button', { name: 'Add event' }).click();
    await life().getByText('Married Sam').waitFor();
    await life().getByText('every year').waitFor();
    await life().scrollIntoViewIfNeeded();
    await screenshot(page, 'life-section-1280');
    assert.deepEqual(await axeViolations(page), []);
  });

  it("accepts a proposal in Home's What's new, which then lists it this week with Congratulate", async () => {
    await page.goto(`${app.url}/home`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: "What's new" }) });
    const found = card.getByRole('list', { name: 'Found for you' });
    await found.getByText('Moved to Bergen').waitFor();
    await screenshot(page, 'whats-new-1280');
    assert.deepEqual(await axeViolations(page), []);
    await found.getByTestId('whats-new-proposal').filter({ hasText: 'Moved to Bergen' }).getByRole('button', { name: 'Accept' }).click();
    const week = card.getByRole('list', { name: 'This week' });
    await week.getByText('Moved to Bergen').waitFor();
    assert.ok(await week.getByRole('link', { name: 'Congratulate' }).first().isVisible());

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await card.getByText('Moved to Bergen').first().waitFor();
    await screenshot(page, 'whats-new-390');
    assert.deepEqual(await axeViolations(page), []);
    await page.goto(`${app.url}/contacts/${lin.id}`);
    await life().getByText('Married Sam').waitFor();
    await life().scrollIntoViewIfNeeded();
    await screenshot(page, 'life-section-390');
    assert.deepEqual(await axeViolations(page), []);
  });
});
