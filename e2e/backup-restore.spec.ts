import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { downloadedText, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

const rowNames = (page: Page) => page.getByTestId('contact-name').evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));

describe('a full backup downloaded from one account and restored into another in the browser (#40 item 8)', () => {
  let app: RunningApp;
  let browser: Browser;
  let source: Page;
  let fresh: Page;
  let backup = '';

  before(async () => {
    app = await startApp({ name: 'backup-restore' });
    browser = await launchBrowser();
    source = await newPage(browser);
    fresh = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('downloads the whole account as one backup file', async () => {
    const { api } = await signUpInBrowser(source, app.url, 'Bea Backup', 'bea@example.com');
    const ada = (
      await api('/api/v1/contacts', {
        method: 'POST',
        json: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          emails: ['ada@example.org'],
          company: 'Analytical Engines',
          tags: ['Mathematics'],
        },
      })
    ).data;
    await api(`/api/v1/contacts/${ada.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 12, day: 10 } });
    await api(`/api/v1/contacts/${ada.id}/notes`, { method: 'POST', json: { body: 'Talked about the engine notes.' } });
    await api(`/api/v1/contacts/${ada.id}/reminders`, { method: 'POST', json: { on: '2027-03-01', note: 'Send the translation' } });
    await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Grace', last_name: 'Hopper', priority: 'high' } });

    await source.goto(`${app.url}/import`);
    const [download] = await Promise.all([
      source.waitForEvent('download'),
      source.getByRole('link', { name: 'Download a full backup' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^kith-backup-\d{4}-\d{2}-\d{2}\.jsonl$/);
    backup = await downloadedText(download);
    const lines = backup.trim().split('\n');
    assert.deepEqual(JSON.parse(lines[0]!).format, 'kith-backup');
    assert.deepEqual(JSON.parse(lines.at(-1)!), { end: true, records: lines.length - 2 });
  });

  it('restores it on the Import page of a new account, with progress, and finds the same people', async () => {
    await signUpInBrowser(fresh, app.url, 'Fred Fresh', 'fred@example.com');
    await fresh.goto(`${app.url}/import`);
    await fresh.getByText('Drop a Kith backup (.jsonl) here to restore it').waitFor();
    await fresh
      .locator('input[type=file][accept*=".jsonl"]')
      .setInputFiles({ name: 'kith-backup.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(backup) });
    await fresh.getByText('Import finished').waitFor({ timeout: 30_000 });
    await fresh.getByTestId('import-progress').scrollIntoViewIfNeeded();
    await screenshot(fresh, 'backup-restore-done');
    assert.equal(await fresh.getByTestId('import-errors').textContent(), '0');

    await fresh.goto(`${app.url}/contacts`);
    await eventually(
      async () => JSON.stringify((await rowNames(fresh)).sort()) === JSON.stringify(['Ada Lovelace', 'Grace Hopper']),
      'the restored contacts are listed',
    );
    await fresh.getByTestId('contact-name').filter({ hasText: 'Ada Lovelace' }).click();
    await fresh.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await fresh.getByText('Talked about the engine notes.').waitFor();
    await fresh.getByText('10 December').waitFor();
    await fresh.getByText('Send the translation').first().waitFor();
    await screenshot(fresh, 'backup-restored-contact');
  });

  it('refuses a damaged file with the reason, restoring nothing', async () => {
    await fresh.goto(`${app.url}/import`);
    const cut = backup.trim().split('\n').slice(0, -1).join('\n');
    await fresh
      .locator('input[type=file][accept*=".jsonl"]')
      .setInputFiles({ name: 'kith-backup.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(cut) });
    const alert = fresh.getByRole('alert').filter({ hasText: 'cut short' });
    await alert.waitFor();
    await alert.scrollIntoViewIfNeeded();
    await screenshot(fresh, 'backup-restore-refused');
  });
});
