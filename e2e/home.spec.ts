import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

describe('home', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    app = await startApp({ name: 'home' });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Hana Home');
    const cold = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Carla', last_name: 'Cold', priority: 'high' } }))
      .data;
    await api(`/api/v1/contacts/${cold.id}/meetings`, {
      method: 'POST',
      json: { title: 'Dinner', occurred_at: new Date(Date.now() - 60 * 86_400_000).toISOString() },
    });
    const bday = new Date(Date.now() + 2 * 86_400_000);
    const friend = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Bea', last_name: 'Birthday' } })).data;
    await api(`/api/v1/contacts/${friend.id}/dates`, {
      method: 'POST',
      json: { kind: 'birthday', month: bday.getUTCMonth() + 1, day: bday.getUTCDate() },
    });
    // The nightly cron enqueues follow-up generation; the queue consumer does the work.
    // Miniflare's own trigger (wrangler dev, ADR 071): it answers 500 when the handler fails.
    const cron = await fetch(`${app.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 3 * * *')}`);
    assert.equal(cron.status, 200);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a due follow-up, a birthday this week and a high-priority contact going cold', async () => {
    // The cron's refresh job runs on the queue: reload until it has.
    await eventually(
      async () => {
        await page.goto(`${app.url}/home`);
        return (await page.getByRole('list', { name: 'Overdue' }).getByRole('listitem').count()) > 0;
      },
      'the follow-up is due on Home',
      { timeoutMs: 20_000, everyMs: 300 },
    );
    await page.getByRole('list', { name: 'Overdue' }).getByText('Carla Cold').waitFor();
    await page.getByRole('list', { name: 'Coming up this week' }).getByText('Bea Birthday').waitFor();
    await page.getByText('birthday in 2 days').waitFor();
    await page.getByRole('list', { name: 'Going cold' }).getByText('Carla Cold').waitFor();
    await screenshot(page, 'home-today');
  });

  it('has a favicon the browser can load', async () => {
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.equal(href, '/favicon.svg');
    const icon = await page.request.get(`${app.url}${href}`);
    assert.equal(icon.status(), 200);
    assert.match(icon.headers()['content-type'] ?? '', /image\/svg\+xml/);
  });

  it('dismisses the follow-up, and never says "nothing due" beside someone going cold', async () => {
    await page.getByRole('button', { name: /^Dismiss Carla Cold/ }).click();
    await page.getByText('Nothing scheduled this week, but one high-priority contact is going cold').waitFor();
    assert.equal(await page.getByText('Your network is warm').count(), 0);
  });
});
