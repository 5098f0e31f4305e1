import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

// #45: the contact page's People card edits a link in place, and "How you could reach them"
// names who could introduce you, with why; at 1280 and 390 px, axe clean.
describe('People are connected: editing a link and intro paths on the contact page', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let dee: { id: string };

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await page.request.fetch(`${app.url}/api/v1${path}`, { method, data: body, headers: { origin: app.url } });
    return res.json();
  };

  before(async () => {
    app = await startApp({ name: 'people-connected' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Net Worker');
    dee = (await api('POST', '/contacts', { first_name: 'Dee', last_name: 'Lund', company: 'Acme' })).data;
    const cy = (await api('POST', '/contacts', { first_name: 'Cy', last_name: 'Adams' })).data;
    await api('POST', '/contacts', { first_name: 'Eve', last_name: 'Stone', company: 'Acme' });
    await api('POST', `/contacts/${dee.id}/relationships`, { kind: 'friend', other_contact_id: cy.id });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const people = () => page.locator('section', { has: page.getByRole('heading', { name: 'People', exact: true }) });
  const reach = () => page.locator('section', { has: page.getByRole('heading', { name: 'How you could reach them' }) });

  it('shows who could introduce you, and edits a link in place (1280 px)', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/contacts/${dee.id}`);
    await reach().getByRole('link', { name: 'Ask Cy Adams' }).waitFor();
    await reach().getByText('Dee Lund and Eve Stone are both at Acme').waitFor();
    await people().getByRole('button', { name: 'Edit the link to Cy Adams' }).click();
    await people().getByLabel('Cy Adams is this contact’s').selectOption('colleague');
    await people().getByLabel('Note').fill('Same team since 2021');
    await people().getByRole('button', { name: 'Save' }).click();
    await people().getByText('Same team since 2021').waitFor();
    await reach().getByText('Cy Adams is Dee Lund’s colleague').waitFor();
    assert.ok(await people().getByText('· colleague').isVisible());
    await reach().scrollIntoViewIfNeeded();
    await screenshot(page, 'people-connected-1280');
    assert.deepEqual(await axeViolations(page), []);
  });

  it('reads the same at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/contacts/${dee.id}`);
    await reach().getByRole('link', { name: 'Ask Cy Adams' }).waitFor();
    await reach().scrollIntoViewIfNeeded();
    await screenshot(page, 'people-connected-390');
    assert.deepEqual(await axeViolations(page), []);
  });
});
