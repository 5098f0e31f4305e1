import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

// #45: from the People card, a contact's family (by generation, with birthdays and ages) and the
// people two links around them, drawn as a graph whose contacts are links in a sensible focus
// order, with the same people as a list; at 1280 and 390 px, axe clean.
describe('Family and the people around a contact', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ana: { id: string };

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await page.request.fetch(`${app.url}/api/v1${path}`, { method, data: body, headers: { origin: app.url } });
    return res.json();
  };
  const contact = async (first_name: string, last_name: string) => (await api('POST', '/contacts', { first_name, last_name })).data;
  const link = (from: string, body: Record<string, unknown>) => api('POST', `/contacts/${from}/relationships`, body);

  before(async () => {
    app = await startApp({ name: 'family-and-neighbourhood' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Net Worker');
    ana = await contact('Ana', 'Berg');
    const bo = await contact('Bo', 'Berg');
    const cy = await contact('Cy', 'Berg');
    const dee = await contact('Dee', 'Lund');
    const eve = await contact('Eve', 'Stone');
    const fay = await contact('Fay', 'Okafor');
    await link(ana.id, { kind: 'spouse', other_contact_id: bo.id });
    await link(ana.id, { kind: 'child', other_contact_id: cy.id });
    await link(bo.id, { kind: 'child', person: { name: 'Mia Berg', note: '7 years old' } });
    await link(cy.id, { kind: 'spouse', other_contact_id: dee.id });
    await link(ana.id, { kind: 'colleague', other_contact_id: eve.id });
    await link(eve.id, { kind: 'manager', other_contact_id: fay.id });
    await api('POST', `/contacts/${cy.id}/dates`, { kind: 'birthday', month: 1, day: 1, year: 1990 });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const family = () => page.locator('section', { has: page.getByRole('heading', { name: 'Family', exact: true }) });
  const around = () => page.locator('section', { has: page.getByRole('heading', { name: 'Around Ana Berg' }) });

  it('reaches the family and the graph from the People card, and walks the graph by keyboard (1280 px)', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/contacts/${ana.id}`);
    await page.getByRole('link', { name: 'Family and people around them' }).click();
    await page.getByRole('heading', { name: 'Ana Berg’s people', level: 1 }).waitFor();
    await family().getByText('spouse of Cy Berg').waitFor();
    const age = new Date().getFullYear() - 1990;
    assert.ok(await family().getByText(`Born 1 Jan 1990 · ${age} years old`).isVisible());
    assert.ok(await family().getByText('7 years old').isVisible());
    assert.equal(await family().getByText('Eve Stone').count(), 0, 'a colleague is not family');

    // The graph: each contact a link, met by Tab in ring order, each followed by theirs.
    const graph = around().getByRole('group', { name: 'Ana Berg and the people two links around them' });
    await graph.waitFor();
    const names = await graph.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
    assert.deepEqual(names, [
      'Ana Berg (this contact)',
      'Bo Berg, Ana Berg’s spouse',
      'Cy Berg, Ana Berg’s child',
      'Dee Lund, Cy Berg’s spouse',
      'Eve Stone, Ana Berg’s colleague',
      'Fay Okafor, Eve Stone’s manager',
    ]);
    await graph.getByRole('link', { name: 'Ana Berg (this contact)' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Bo Berg, Ana Berg’s spouse');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Dee Lund, Cy Berg’s spouse');
    // The same people as a list, for a screen reader.
    const list = around().getByRole('list', { name: 'People around Ana Berg' });
    assert.ok(await list.getByRole('list', { name: 'Linked to Eve Stone' }).getByRole('link', { name: 'Fay Okafor' }).isVisible());
    await screenshot(page, 'family-and-neighbourhood-1280');
    assert.deepEqual(await axeViolations(page), []);
    // Focus on a person prefetches their page, as the app's other links do on intent.
    await page.locator('link[rel="prefetch"][href^="/contacts/"]').first().waitFor({ state: 'attached' });
    // Enter opens the page in the app (no document load: what the page held survives).
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contacts\/[^/]+$/);
    await page.getByRole('heading', { name: 'Dee Lund', level: 1 }).waitFor();
    assert.equal(await page.evaluate(() => (window as { stayedInApp?: boolean }).stayedInApp), true, 'a client-side navigation');
  });

  it('fits a 390 px phone: the graph within the screen and its names readable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/contacts/${ana.id}/people`);
    const graph = around().getByRole('group', { name: 'Ana Berg and the people two links around them' });
    await graph.scrollIntoViewIfNeeded();
    const box = (await graph.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `graph within the screen: ${JSON.stringify(box)}`);
    // The drawing is scaled to the screen: its names' type size as drawn, not as written.
    const smallest = await graph
      .locator('text')
      .evaluateAll((texts) =>
        Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * (t as SVGTextElement).getScreenCTM()!.a)),
      );
    assert.ok(smallest >= 12, `names drawn at 12 px or more, got ${smallest}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no sideways scroll');
    await screenshot(page, 'family-and-neighbourhood-390');
    assert.deepEqual(await axeViolations(page), []);
  });
});
