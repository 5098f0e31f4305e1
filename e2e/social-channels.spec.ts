import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startFakeProviders } from '../tests/fakes/fake-providers.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';

describe('LinkedIn and Telegram channels in the browser', () => {
  let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  const api = <T = any>(path: string, body: Record<string, unknown>) =>
    page.evaluate(
      async ([p, json]) => {
        const res = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
        return ((await res.json()) as { data: unknown }).data;
      },
      [path, body] as const,
    ) as Promise<T>;

  before(async () => {
    fakes = await startFakeProviders();
    app = await startApp({ port: 8940, name: 'social-channels', vars: { ENCRYPTION_KEY: 'e2e-encryption-key' } });
    browser = await launchBrowser();
    page = await newPage(browser);
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Name').fill('Sol Social');
    await page.getByLabel('Email').fill('sol@example.com');
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/contacts$/);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  it('queues a LinkedIn message from the composer; the extension sends it and the badge turns "sent"', async () => {
    const { id } = await api<{ id: string }>('/api/v1/contacts', { first_name: 'Lina', last_name: 'Linked', linkedin_url: 'https://www.linkedin.com/in/lina-linked' });
    const { token } = await api<{ token: string }>('/api/v1/tokens', { name: 'Kith for LinkedIn' });

    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByLabel('Channel').selectOption('linkedin');
    await page.getByLabel('Message').fill('Hi Lina, great talk at the meetup yesterday!');
    await page.getByRole('heading', { name: 'Write a message' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'linkedin-compose');
    await page.getByRole('button', { name: 'Queue for LinkedIn' }).click();
    await page.getByText('the Kith browser extension will send it').waitFor();

    const timeline = page.getByRole('list', { name: 'Interactions' });
    const item = timeline.getByTestId('timeline-item').filter({ hasText: 'great talk at the meetup' });
    await item.getByTestId('send-status').getByText('queued').waitFor();
    await item.getByText('LinkedIn message').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'linkedin-timeline-queued');

    await page.goto(`${app.url}/settings#integrations`);
    await page.getByTestId('linkedin-queued').getByText('1 message waiting for the extension to send.').waitFor();
    await page.getByTestId('linkedin-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'linkedin-settings-card');

    // What the extension does: claim, send in LinkedIn's UI, report back.
    const extension = (path: string, body: unknown) =>
      fetch(`${app.url}/api/v1/extension/linkedin/outbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const claimed = ((await (await extension('/claim', {})).json()) as { data: { id: string; linkedin_url: string; body: string }[] }).data;
    assert.equal(claimed.length, 1);
    assert.equal(claimed[0]!.linkedin_url, 'https://www.linkedin.com/in/lina-linked');
    assert.equal((await extension(`/${claimed[0]!.id}/result`, { status: 'sent' })).status, 200);

    await page.goto(`${app.url}/contacts/${id}`);
    await item.getByTestId('send-status').getByText('sent').waitFor();
    await item.getByText('LinkedIn sent').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'linkedin-timeline-sent');
  });
});
