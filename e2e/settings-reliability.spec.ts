import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startFakeProviders } from '../tests/fakes/fake-providers.ts';
import '../tests/fakes/mapbox.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

const LOCATION = 'fake:outage Lisbon';

describe('Settings: failed background jobs are replayable, and deletes show in the activity log', () => {
  let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: Awaited<ReturnType<typeof signUpInBrowser>>['api'];

  before(async () => {
    fakes = await startFakeProviders();
    app = await startApp({
      name: 'settings-reliability',
      vars: {
        MAPBOX_API_URL: `${fakes.url}/mapbox`,
        MAP_PROVIDER_SECRET_TOKEN: 'sk.e2e-secret',
        // Retries a second apart, so the failing job reaches the dead-letter queue in seconds.
        JOB_RETRY_MAX_DELAY_SECONDS: '1',
        // And each delivery's own three retries 10, 20, 40 ms apart (250, 500, 1 000 in production).
        GEOCODING_RETRY_PAUSE_MS: '10',
      },
    });
    browser = await launchBrowser();
    page = await newPage(browser);
    ({ api } = await signUpInBrowser(page, app.url, 'Rae Reliable'));
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  it('a geocoding job that failed every retry is listed in Settings; after the outage, Replay places the contact', async () => {
    const { data: contact } = await api('/api/v1/contacts', {
      method: 'POST',
      json: { first_name: 'Lena', last_name: 'Outage', location: LOCATION },
    });
    // Six deliveries against a Mapbox that answers 503, each with its in-job retries, then the dead-letter queue.
    let failed: { type: string; body: { contact_id: string } }[] = [];
    await eventually(
      async () => (failed = (await api('/api/v1/admin/dead-letters')).data).length > 0,
      'the job reached the dead-letter queue',
      { timeoutMs: 120_000, everyMs: 500 },
    );
    assert.equal(failed[0]!.type, 'geocode_contact');
    assert.equal(failed[0]!.body.contact_id, contact.id);
    assert.equal((await api(`/api/v1/contacts/${contact.id}`)).data.geocode_status, 'pending');

    await page.goto(`${app.url}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Failed background jobs' }) });
    await card.getByText("Placing a contact's location on the map").waitFor();
    await card.getByText(/provider unavailable \(HTTP 503\)/).waitFor();
    await card.getByText(/6 attempts/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-failed-jobs');

    await fetch(`${fakes.url}/mapbox/__outage/lift?q=${encodeURIComponent(LOCATION)}`, { method: 'POST' });
    await card.getByRole('button', { name: /^Replay/ }).click();
    await card.getByText('Queued again. If it fails again it will be back here.').waitFor();
    await card.getByText('Every background job finished.', { exact: false }).waitFor();
    await screenshot(page, 'settings-failed-jobs-replayed');

    await eventually(
      async () => (await api(`/api/v1/contacts/${contact.id}`)).data.geocode_status === 'geocoded',
      'the replayed job geocoded the contact',
      { timeoutMs: 30_000, everyMs: 300 },
    );
  });

  it('a bulk delete appears in the Activity log card and on the full activity page', async () => {
    const ids: string[] = [];
    for (const [first, last] of [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
    ]) {
      ids.push((await api('/api/v1/contacts', { method: 'POST', json: { first_name: first, last_name: last } })).data.id);
    }
    await api('/api/v1/contacts/bulk', { method: 'POST', json: { ids, action: 'delete' } });

    await page.goto(`${app.url}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Activity log' }) });
    await card.getByText(/^Deleted 3 contacts: /).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-activity-card');

    await card.getByRole('link', { name: 'See all activity' }).click();
    await page.waitForURL(/\/settings\/audit$/);
    await page.getByRole('heading', { name: 'Activity log' }).waitFor();
    const entries = page.getByTestId('activity-entry');
    // The settings page has an "Activity log" heading too: wait for the audit page's own rows.
    await page.getByText('Page 1 of 1 · 1 entry').waitFor();
    assert.equal(await entries.count(), 1);
    const text = await entries.first().innerText();
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) assert.ok(text.includes(name), `${name} in "${text}"`);
    await page.getByText('Page 1 of 1 · 1 entry').waitFor();
    await screenshot(page, 'settings-audit-page');
  });
});
