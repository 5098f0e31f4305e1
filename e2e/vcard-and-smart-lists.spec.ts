import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { downloadedText, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

const rowNames = (page: Page) => page.getByTestId('contact-name').evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));

const sameNames = (names: string[], expected: string[]) => JSON.stringify([...names].sort()) === JSON.stringify([...expected].sort());

describe('vCard export and import, smart lists and birthdays in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let exporter: Page;
  let importer: Page;
  let vcf = '';

  before(async () => {
    app = await startApp({ name: 'vcard-smart-lists' });
    browser = await launchBrowser();
    exporter = await newPage(browser);
    importer = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('exports the contacts of one account as vCard', async () => {
    const { api } = await signUpInBrowser(exporter, app.url, 'Vera Vcard', 'vera@example.com');
    const ada = (
      await api('/api/v1/contacts', {
        method: 'POST',
        json: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          emails: ['ada@example.org'],
          company: 'Analytical Engines',
          tags: ['Mathematics', 'Investor'],
          notes: 'Met at the salon, 1833; loves engines.',
          location: 'London',
        },
      })
    ).data;
    await api(`/api/v1/contacts/${ada.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 12, day: 10 } });
    await api('/api/v1/contacts', {
      method: 'POST',
      json: {
        first_name: 'Grace',
        last_name: 'Hopper',
        emails: ['grace@navy.example'],
        phones: ['+1 202 555 0100'],
        tags: ['Investor'],
        priority: 'high',
      },
    });
    await api('/api/v1/contacts', {
      method: 'POST',
      json: { first_name: 'Alan', last_name: 'Turing', emails: ['alan@bletchley.example'], tags: ['Mathematics'] },
    });

    await exporter.goto(`${app.url}/import`);
    const [download] = await Promise.all([
      exporter.waitForEvent('download'),
      exporter.getByRole('link', { name: 'Export as vCard' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^kith-contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
    vcf = await downloadedText(download);
    assert.equal(vcf.match(/BEGIN:VCARD/g)?.length, 3);
    assert.match(vcf, /BDAY:--1210/);
  });

  it('imports that vCard into another account and finds the same people', async () => {
    await signUpInBrowser(importer, app.url, 'Ivan Import', 'ivan@example.com');
    await importer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await importer.getByText('Drop a .vcf file here').waitFor();
    await screenshot(importer, 'vcard-import-start');
    await importer
      .locator('input[type=file][accept*=".vcf"]')
      .setInputFiles({ name: 'kith-contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcf) });
    await importer.getByText('Import finished').waitFor({ timeout: 30_000 });
    await screenshot(importer, 'vcard-import-done');

    await importer.goto(`${app.url}/contacts`);
    await eventually(
      async () => sameNames(await rowNames(importer), ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']),
      'the imported contacts are listed',
    );
    await importer.getByTestId('contact-name').filter({ hasText: 'Ada Lovelace' }).click();
    await importer.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await importer.getByText('Met at the salon, 1833; loves engines.').waitFor();
    await importer.getByText('10 December').waitFor();
  });

  it('saves the filtered list as a smart list, reopens it, renames and deletes it', async () => {
    await importer.goto(`${app.url}/contacts`);
    await importer.getByRole('button', { name: 'Tags' }).click();
    await importer.getByRole('menuitemcheckbox', { name: 'Mathematics' }).click();
    await importer.keyboard.press('Escape');
    await importer.waitForURL(/tag=Mathematics/);
    await eventually(async () => sameNames(await rowNames(importer), ['Ada Lovelace', 'Alan Turing']), 'the tag filter narrows the list');
    const panel = importer.getByRole('navigation', { name: 'Smart lists' });
    await panel.getByRole('button', { name: 'Save as smart list' }).click();
    await panel.getByLabel('Smart list name').fill('Mathematicians');
    await panel.getByLabel('Smart list name').press('Enter');
    await panel.getByRole('link', { name: 'Mathematicians' }).waitFor();
    await screenshot(importer, 'smart-list-saved');
    // Narrower than xl the panel becomes a row of links above the list.
    await importer.setViewportSize({ width: 1100, height: 800 });
    await screenshot(importer, 'smart-list-narrow');
    await importer.setViewportSize({ width: 1280, height: 800 });

    await panel.getByRole('link', { name: 'All contacts' }).click();
    await importer.waitForURL((url) => url.pathname === '/contacts' && url.search === '');
    await eventually(async () => (await rowNames(importer)).length === 3, 'every contact again');
    await panel.getByRole('link', { name: 'Mathematicians' }).click();
    await importer.waitForURL(/tag=Mathematics/);
    await eventually(async () => sameNames(await rowNames(importer), ['Ada Lovelace', 'Alan Turing']), 'the smart list reopens its filter');
    assert.equal(await panel.getByRole('link', { name: 'Mathematicians' }).getAttribute('aria-current'), 'page');

    // It is kept on the server: a fresh load lists it too.
    await importer.reload();
    await panel.getByRole('link', { name: 'Mathematicians' }).hover();
    await panel.getByRole('button', { name: 'Rename Mathematicians' }).click();
    await panel.getByLabel('New name for Mathematicians').fill('Math people');
    await panel.getByLabel('New name for Mathematicians').press('Enter');
    await panel.getByRole('link', { name: 'Math people' }).waitFor();
    await screenshot(importer, 'smart-list-renamed');
    await panel.getByRole('link', { name: 'Math people' }).hover();
    await panel.getByRole('button', { name: 'Delete Math people' }).click();
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(async () => (await panel.getByRole('link', { name: 'Math people' }).count()) === 0, 'the smart list is gone');
  });

  it('adds a birthday on the contact page, and shows the local time once the location is geocoded', async () => {
    await importer.goto(`${app.url}/contacts`);
    await importer.getByTestId('contact-name').filter({ hasText: 'Grace Hopper' }).click();
    await importer.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await importer.getByRole('button', { name: 'Add birthday or date' }).click();
    const form = importer.getByRole('form', { name: 'Add a date' });
    await form.getByLabel('Day').fill('9');
    await form.getByLabel('Month').selectOption('12');
    await form.getByLabel('Year (optional)').fill('1906');
    await screenshot(importer, 'contact-date-form');
    await form.getByRole('button', { name: 'Add date' }).click();
    await importer.getByText('9 December 1906').waitFor();
    await importer.getByRole('listitem').getByText('Birthday', { exact: true }).waitFor();
    await screenshot(importer, 'contact-birthday');

    // Ada came with the location "London": the offline gazetteer geocodes it in the background.
    await importer.goto(`${app.url}/contacts`);
    await importer.getByTestId('contact-name').filter({ hasText: 'Ada Lovelace' }).click();
    await importer.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await eventually(
      async () => {
        await importer.reload();
        return (await importer.getByText('local time').count()) > 0;
      },
      'the local time appears',
      { timeoutMs: 30_000 },
    );
    await importer.getByText('(Europe/London)').waitFor();
    await screenshot(importer, 'contact-local-time');
  });
});
