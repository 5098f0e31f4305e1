import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { ownKeySettings } from './support/fakes.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

const CSV = [
  'Given Name,Family Name,Work Email,Employer,Town,Comment',
  'Marie,Curie,marie@example.org,Sorbonne,Paris,"Two Nobel prizes"',
  'Pierre,Curie,pierre@example.org,Sorbonne,Paris,',
  'Nobody,,not-an-email,,,',
  ',,,,,orphan note',
].join('\n');

describe('importing contacts in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    // Google's real address with a client of its own (no fakes): "Connect Google" goes to Google.
    app = await startApp({ name: 'imports', vars: ownKeySettings(), share: true });
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('uploads a CSV, maps its columns, watches the import finish and sees the contacts', async () => {
    await signUpInBrowser(page, app.url, 'Iris Import', 'iris@example.com');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await page.getByText('Drop a CSV file here').waitFor();
    await screenshot(page, 'import-start');

    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const town = page.getByLabel('Import "Town" as');
    await town.waitFor();
    assert.equal(await page.getByLabel('Import "Given Name" as').inputValue(), 'first_name');
    assert.equal(await page.getByLabel('Import "Work Email" as').inputValue(), 'emails');
    // A town is a part of an address (ADR 025): its city becomes the contact's location.
    assert.equal(await town.inputValue(), 'address');
    await page.getByLabel('Import "Comment" as').selectOption('notes');
    await screenshot(page, 'import-mapping');

    await page.getByRole('button', { name: 'Import 4 contacts' }).click();
    await page.getByText('Import finished').waitFor({ timeout: 30_000 });
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '4');
    // Issue 19: "Nobody" has a name, so the row is imported; the unreadable email is a warning.
    assert.equal(await page.getByTestId('import-created').textContent(), '3');
    assert.equal(await page.getByTestId('import-skipped').textContent(), '1');
    assert.equal(await page.getByTestId('import-warnings').textContent(), '1');
    assert.equal(await page.getByTestId('import-errors').textContent(), '0');
    await page
      .getByRole('region', { name: 'Imported with warnings' })
      .getByText('Row 4: Email "not-an-email" is not an email address Kith can read; kept in the notes')
      .waitFor();
    await page
      .getByRole('region', { name: 'Rows not imported' })
      .getByText('Row 5: No name and no email, phone, handle or LinkedIn URL')
      .waitFor();
    const report = page.getByRole('link', { name: 'Download error report' });
    const href = decodeURIComponent((await report.getAttribute('href'))!);
    assert.match(href, /\r\n4,Warning,Email,not-an-email,"is not an email address Kith can read; kept in the notes"/);
    await screenshot(page, 'import-done');

    await page.getByRole('link', { name: 'See your contacts' }).click();
    await page.waitForURL(/\/contacts$/);
    await page.getByRole('link', { name: /Marie Curie/ }).waitFor();
    await page.getByRole('link', { name: /Pierre Curie/ }).waitFor();
    await page.getByRole('link', { name: /Nobody/ }).waitFor();
    await screenshot(page, 'import-contacts');
  });

  it("takes LinkedIn's 2018 Connections.csv on the LinkedIn card, shows when each connection started and sorts by it", async () => {
    await page.goto(`${app.url}/import`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'LinkedIn connections' }) });
    const connections =
      'First Name,Last Name,Email Address,Company,Position,Connected On\nAda,Byron,ada.byron@example.org,Engines,Analyst,03/14/18\nCharles,Babbage,,Engines,Inventor,11/02/19\n';
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(connections) });
    await card.getByText('Import finished').waitFor({ timeout: 30_000 });
    assert.equal(await card.getByTestId('import-created').textContent(), '2');

    await page.goto(`${app.url}/contacts?sort=-connected_on`);
    const rows = page.getByRole('link', { name: /Ada Byron|Charles Babbage/ });
    await rows.first().waitFor();
    assert.deepEqual(
      (await rows.allTextContents()).map((t) => t.match(/Ada Byron|Charles Babbage/)?.[0]),
      ['Charles Babbage', 'Ada Byron'],
    );
    await page.getByRole('link', { name: /Ada Byron/ }).click();
    await page.getByTestId('connected-on').filter({ hasText: '14 Mar 2018' }).waitFor();
    await screenshot(page, 'contact-connected-since');
  });

  it('reads a file in Windows-1252, and explains a UTF-8 file with broken bytes (ADR 065)', async () => {
    await page.goto(`${app.url}/import`);
    const csvInput = page.locator('input[type=file]').first();
    // "Name\nJosé\n" as Excel's "CSV" on Windows writes it: é is the one byte 0xE9.
    await csvInput.setInputFiles({
      name: 'windows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]),
    });
    await page.getByText('José').first().waitFor();
    await page.goto(`${app.url}/import`);
    // UTF-8 accents, then bytes no encoding of the file can read: a file cut or joined badly.
    const damaged = Buffer.concat([Buffer.from('Name\nZoë Ødegaard\nJosé Müller\nAna Núñez\n'), Buffer.from([0xc3, 0x28, 0x0a])]);
    await page.locator('input[type=file]').first().setInputFiles({ name: 'damaged.csv', mimeType: 'text/csv', buffer: damaged });
    await page.getByRole('alert').filter({ hasText: 'broken bytes' }).waitFor();
  });

  it('offers "Connect Google" in Settings and sends the user to Google with PKCE', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByRole('link', { name: 'Connect Google' }).waitFor();
    await screenshot(page, 'settings-google');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().startsWith('https://accounts.google.com/o/oauth2/v2/auth')),
      page.getByRole('link', { name: 'Connect Google' }).click(),
    ]);
    const consent = new URL(request.url());
    assert.equal(consent.searchParams.get('client_id'), 'e2e-client');
    assert.equal(consent.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(consent.searchParams.get('redirect_uri'), `${app.url}/settings/google/callback`);
  });
});
