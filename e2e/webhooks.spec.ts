import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { fakeProviders, providerSettings, type FakeProviders } from './support/fakes.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe('Settings → Webhooks: add an endpoint, send a test delivery, see a failure and redeliver it', () => {
  let fakes: FakeProviders;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const key = `e2e-${Date.now().toString(36)}`;

  before(async () => {
    fakes = await fakeProviders();
    // The receiver is on this machine: a self-hosted Kith's own tools are allowed this way (ADR 030);
    // ALLOWED_PRIVATE_HOSTS and WEBHOOK_RETRY_MAX_DELAY_SECONDS 0 are among the providers' settings.
    app = await startApp({ name: 'webhooks', vars: providerSettings(fakes.url), share: true });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Wanda Webhook');
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  const card = () => page.locator('section', { has: page.getByRole('heading', { name: 'Webhooks' }) });
  const steer = (rule: { status: number; failures?: number }) =>
    fetch(`${fakes.url}/hooks/__steer`, { method: 'POST', body: JSON.stringify({ key, ...rule }) });

  it('shows the secret once, delivers a signed test, and redelivers a failed one', async () => {
    await page.goto(`${app.url}/settings`);
    await card().getByLabel('Address (https)').fill(`${fakes.url}/hooks/${key}`);
    await card().getByLabel('Description (optional)').fill('n8n on the home server');
    await card()
      .getByRole('checkbox', { name: /Interaction logged/ })
      .check();
    await card().getByRole('button', { name: 'Add webhook' }).click();
    const secret = await card().getByTestId('new-token').textContent();
    assert.match(secret ?? '', /^whsec_/);

    await card().getByRole('button', { name: 'Send test delivery' }).click();
    await card().getByText('Test delivery queued', { exact: false }).waitFor();
    for (let i = 0; i < 30 && !(await card().getByText('Delivered').count()); i++) await page.reload();
    await card().getByText('Delivered').first().waitFor();
    const received = (await (await fetch(`${fakes.url}/hooks/__received?key=${key}`)).json()) as { headers: Record<string, string> }[];
    assert.equal(received.length, 1);
    assert.match(received[0]!.headers['kith-signature']!, /^t=\d+,v1=[0-9a-f]{64}$/);

    await steer({ status: 502 });
    await card().getByRole('button', { name: 'Send test delivery' }).click();
    await card().getByText('Test delivery queued', { exact: false }).waitFor();
    for (let i = 0; i < 60 && !(await card().getByText('Failed', { exact: true }).count()); i++) await page.reload();
    await card().getByText('Failed', { exact: true }).waitFor();
    await card()
      .getByText(/8 attempts · last answer 502/)
      .waitFor();
    await card().getByRole('link', { name: 'Details' }).first().click();
    await card()
      .getByText(/kith-signature: t=/)
      .first()
      .waitFor();
    await card().getByText('receiver says no (502)').first().waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-webhooks');
    assert.deepEqual(await axeViolations(page), []);

    await steer({ status: 502, failures: 0 });
    await card().getByRole('button', { name: 'Redeliver' }).click();
    await card().getByText('Sending it again.').waitFor();
    for (let i = 0; i < 30 && (await card().getByText('Delivered').count()) < 2; i++) await page.reload();
    assert.equal(await card().getByText('Delivered').count(), 2);
    await screenshot(page, 'settings-webhooks-redelivered');
  });
});
