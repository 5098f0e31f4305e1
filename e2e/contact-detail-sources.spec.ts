import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

// Where each value came from (#40 item 3, ADR 032): the contact page's Details card opens a
// disclosure listing each value's source and date, by click, tap or keyboard (never on hover only).

describe('contact detail: where each value came from', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let grace: { id: string };

  before(async () => {
    app = await startApp({ name: 'contact-detail-sources' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Sam Sources', 'sam.sources@example.com');
    const csv = 'First Name,Last Name,Email,Title,Tags,Birthday\nGrace,Hopper,grace@navy.example,Rear Admiral,Compilers,1906-12-09\n';
    const started = await page.request.post(`${app.url}/api/v1/imports/csv`, {
      headers: { origin: app.url },
      multipart: { file: { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    assert.equal(started.status(), 202, await started.text());
    const importId = (await started.json()).data.import_id;
    await eventually(
      async () => (await (await page.request.get(`${app.url}/api/v1/imports/${importId}`)).json()).data.status === 'done',
      'the import finished',
      { timeoutMs: 60_000, everyMs: 200 },
    );
    [grace] = (await (await page.request.get(`${app.url}/api/v1/contacts?q=grace`)).json()).data;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens by keyboard and shows each value’s source: the CSV import with its date, a value typed on the page', async () => {
    await page.goto(`${app.url}/contacts/${grace.id}`);
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    // Typed on the page: how they met.
    await page.getByRole('button', { name: 'Edit How we met' }).click();
    await page.getByLabel('How we met', { exact: true }).fill('At the Navy ball');
    await page.getByLabel('How we met', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Edit How we met' }).filter({ hasText: 'At the Navy ball' }).waitFor();

    const details = page.getByTestId('field-sources');
    const toggle = details.getByText('Where these values came from');
    assert.equal(
      await details
        .getByText(/^CSV import of/)
        .first()
        .isVisible(),
      false,
      'closed until asked',
    );
    await toggle.focus();
    await page.keyboard.press('Enter');
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
    const row = (text: string) => details.locator('dl > div').filter({ hasText: text });
    await row('Title').getByText(`CSV import of ${today}`).waitFor();
    await row('grace@navy.example').getByText(`CSV import of ${today}`).waitFor();
    await row('How we met').getByText(`Typed by you on ${today}`).waitFor();
    // Tags and dates too (ADR 038): the imported tag and birthday name the import.
    await row('Compilers').getByText(`CSV import of ${today}`).waitFor();
    await row('9 Dec 1906').getByText(`CSV import of ${today}`).waitFor();

    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 1280, height: 2000 });
    await screenshot(page, 'contact-detail-sources');
    await page.setViewportSize({ width: 390, height: 2400 });
    await row('Title').getByText(`CSV import of ${today}`).waitFor();
    assert.equal(
      await page.evaluate(
        () => Math.max(document.documentElement.scrollWidth, document.querySelector('main')!.scrollWidth) <= window.innerWidth,
      ),
      true,
      'no sideways scroll on a phone',
    );
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'contact-detail-sources-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
