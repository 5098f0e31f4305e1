import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CHARLES, monicaAccount } from '../tests/imports/monica-fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { fakeProviders, providerSettings, type FakeProviders } from './support/fakes.ts';
import { downloadedText, launchBrowser, newPage, screenshot, screenshotOf } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe('Import → Monica: move in with everything, see where each kind went, run it again', () => {
  let fakes: FakeProviders;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const key = `e2e${Date.now().toString(36)}`;
  // A document of Charles's in Monica: listed by GET /api/documents, its bytes at its storage link.
  const NOTES_PDF = '%PDF-1.4\n% notes on the analytical engine\n%%EOF\n';
  // And 22 photos of his, older than it, their bytes inline: more than the Files card's page of 20.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const photos = Array.from({ length: 22 }, (_, i) => ({
    id: 200 + i,
    object: 'photo',
    original_filename: `engine sketch ${i + 1}.png`,
    filesize: 70,
    mime_type: 'image/png',
    dataUrl: `data:image/png;base64,${PNG}`,
    contact: CHARLES,
    created_at: `2019-04-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
  }));

  before(async () => {
    fakes = await fakeProviders();
    await fetch(`${fakes.url}/monica/__seed`, {
      method: 'POST',
      body: JSON.stringify({
        key,
        token: 'e2e-monica-token',
        lists: {
          ...monicaAccount(key),
          photos,
          documents: [
            {
              id: 81,
              object: 'document',
              original_filename: 'engine notes.pdf',
              new_filename: 'documents/c3d4.pdf',
              filesize: NOTES_PDF.length,
              mime_type: 'application/pdf',
              link: `${fakes.url}/monica/${key}/store/documents/c3d4.pdf`,
              contact: CHARLES,
              created_at: '2019-05-01T08:00:00Z',
            },
          ],
        },
        files: { 'documents/c3d4.pdf': { type: 'application/pdf', base64: Buffer.from(NOTES_PDF).toString('base64') } },
        faults: [],
      }),
    });
    // The fake Monica is on this machine: a self-hosted instance on a private network is allowed
    // this way (ALLOWED_PRIVATE_HOSTS, among the providers' settings).
    app = await startApp({ name: 'monica-import', vars: providerSettings(fakes.url), share: true });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Monty Mover');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  const card = () => page.locator('section', { has: page.getByRole('heading', { name: 'Monica', exact: true }) });

  async function importOnce() {
    await page.goto(`${app.url}/import`);
    await card().getByLabel('Monica address').fill(`${fakes.url}/monica/${key}`);
    await card().getByLabel('API token').fill('e2e-monica-token');
    await card().getByRole('button', { name: 'Import from Monica' }).click();
    await card().getByText('Import finished').waitFor({ timeout: 30_000 });
    await card().getByTestId('monica-report').getByText('Monica debt').waitFor();
  }

  it('at 1280 px: imports, and lists per kind how many came in and where', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await importOnce();
    const report = await card().getByTestId('monica-report').innerText();
    assert.match(report, /3 → Contacts/);
    assert.match(report, /2 → Timeline messages of conversations, with who wrote each/);
    assert.match(report, /1 → Not imported: journal entries that name no imported contact/);
    assert.match(report, /1 → Documents in the contact’s Files/);
    assert.equal(await card().getByTestId('import-created').innerText(), '3');
    await screenshot(page, 'import-monica-1280');
    assert.deepEqual(await axeViolations(page), []);
  });

  it("at 1280 px: Charles's document from Monica is on his page, and downloads", async () => {
    await page.goto(`${app.url}/contacts`);
    await page
      .getByRole('link', { name: /Charles Babbage/ })
      .first()
      .click();
    const files = page.locator('section', { has: page.getByRole('heading', { name: 'Files', exact: true }) });
    await files.getByText('engine notes.pdf').waitFor();
    assert.match(await files.innerText(), /from Monica/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('link', { name: 'Download engine notes.pdf' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'engine notes.pdf');
    assert.equal(await downloadedText(download), NOTES_PDF);

    // The newest 20 of his 23 files, thumbnails drawn at their size before their bytes arrive; then the rest.
    const thumbs = files.getByRole('list', { name: 'Photos' }).locator('img');
    assert.equal(await thumbs.count(), 19);
    assert.deepEqual(
      await thumbs.first().evaluate((img: HTMLImageElement) => [img.getAttribute('width'), img.getAttribute('height'), img.loading]),
      ['160', '160', 'lazy'],
    );
    assert.match(await files.innerText(), /The newest 20 of 23/);
    await screenshotOf(files, 'contact-files-card-1280');
    await files.getByRole('button', { name: 'Show more' }).click();
    await files.getByRole('img', { name: 'engine sketch 1.png' }).waitFor();
    assert.equal(await thumbs.count(), 22);
    assert.equal(await files.getByRole('button', { name: 'Show more' }).count(), 0);
    await screenshot(page, 'contact-files-1280');
    assert.deepEqual(await axeViolations(page), []);
  });

  it("at 390 px: Charles's Files card pages on a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const files = page.locator('section', { has: page.getByRole('heading', { name: 'Files', exact: true }) });
    await files.getByText('engine notes.pdf').waitFor();
    assert.equal(await files.getByRole('list', { name: 'Photos' }).locator('img').count(), 19);
    await screenshotOf(files, 'contact-files-card-390');
    assert.deepEqual(await axeViolations(page), []);
  });

  it('at 390 px: the form reads on a phone, and a second run updates instead of duplicating', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/import`);
    await card().getByLabel('Monica address').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'import-monica-390-form');
    await importOnce();
    assert.equal(await card().getByTestId('import-created').innerText(), '0');
    await screenshot(page, 'import-monica-390-done');
    assert.deepEqual(await axeViolations(page), []);
    await page.goto(`${app.url}/contacts`);
    await page.getByText('Ada Lovelace').first().waitFor();
    assert.equal(await page.getByText('Ada Lovelace', { exact: true }).count(), 1);
  });
});
