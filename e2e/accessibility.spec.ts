import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, PAGES_AUDITED_AT_390 } from './support/axe.ts';
import { cspViolations, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { fakeProviders, mapSettings, type FakeProviders } from './support/fakes.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

const SIZES = [
  { name: 'desktop', width: 1360, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

describe('accessibility: zero WCAG 2.1 AA violations and no sideways scrolling on every main page, at desktop and phone size', () => {
  let fakes: FakeProviders;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const pages: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [];
  /** States a page only reaches by acting on it: open tabs, sheets, menus and editors. */
  const states: { name: string; path: string; open: (page: Page, phone: boolean) => Promise<unknown> }[] = [];

  before(async () => {
    // The map page renders the fakes' background-only style, on the server the map journeys share.
    fakes = await fakeProviders();
    app = await startApp({ name: 'accessibility', vars: mapSettings(fakes.url), share: true });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Alex Access', 'alex-a11y@example.com');
    const ada = (await api('/api/v1/contacts', {
      method: 'POST',
      json: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        emails: ['ada@example.org'],
        phones: ['+44 20 7946 0958'],
        company: 'Analytical Engines',
        title: 'Mathematician',
        tags: ['math', 'founders'],
        priority: 'high',
        location: 'London, United Kingdom',
        twitter_handle: 'ada',
      },
    })) as { data: { id: string; company: { id: string } } };
    await api('/api/v1/contacts', {
      method: 'POST',
      json: { first_name: 'Grace', last_name: 'Hopper', tags: ['navy'], location: 'New York', priority: 'low' },
    });
    await api('/api/v1/contacts', {
      method: 'POST',
      json: { first_name: 'Alan', last_name: 'Turing', emails: ['alan@example.org'], priority: 'medium' },
    });
    await api(`/api/v1/contacts/${ada.data.id}/meetings`, {
      method: 'POST',
      json: { title: 'Tea at the Royal Society', occurred_at: '2026-03-01T15:00:00Z', notes: 'Talked about engines' },
    });
    const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { name, level: 1 }).waitFor();
    pages.push(
      { name: 'home', path: '/home', ready: heading(/Good (morning|afternoon|evening)|Home|Today/) },
      { name: 'contacts', path: '/contacts', ready: (p) => p.getByTestId('contact-name').first().waitFor() },
      { name: 'contact', path: `/contacts/${ada.data.id}`, ready: heading('Ada Lovelace') },
      { name: 'new-contact', path: '/contacts/new', ready: heading(/New contact/) },
      { name: 'map', path: '/map', ready: (p) => p.locator('canvas').first().waitFor() },
      { name: 'import', path: '/import', ready: heading(/Import/) },
      { name: 'settings', path: '/settings', ready: heading('Settings') },
      { name: 'organizations', path: '/organizations', ready: heading('Organizations') },
      { name: 'organization', path: `/organizations/${ada.data.company.id}`, ready: heading('Analytical Engines') },
      { name: 'tags', path: '/tags', ready: heading('Tags') },
    );
    states.push(
      {
        name: 'contact, writing a message',
        path: `/contacts/${ada.data.id}`,
        open: async (p) => {
          await p.getByRole('tab', { name: 'Message' }).click();
          await p.getByLabel('Channel').waitFor();
        },
      },
      {
        name: 'contact, editing a field',
        path: `/contacts/${ada.data.id}`,
        open: (p) =>
          p
            .getByRole('button', { name: 'Edit Title' })
            .click()
            .then(() => p.getByLabel('Title', { exact: true }).waitFor()),
      },
      {
        name: 'contact, menu open',
        path: `/contacts/${ada.data.id}`,
        open: (p) =>
          p
            .getByRole('button', { name: 'More actions' })
            .click()
            .then(() => p.getByRole('menu').waitFor()),
      },
      {
        name: 'contacts, filters or menu open',
        path: '/contacts',
        open: async (p, phone) => {
          await p.getByTestId('contact-name').first().waitFor();
          if (phone) await p.getByRole('button', { name: 'Filters' }).click();
          else await p.getByRole('button', { name: 'More actions' }).click();
          await p.getByRole(phone ? 'dialog' : 'menu').waitFor();
        },
      },
      {
        name: 'navigation sheet',
        path: '/home',
        open: async (p, phone) => {
          if (!phone) return;
          await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
          await p.getByRole('dialog', { name: 'More' }).waitFor();
        },
      },
    );
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  for (const size of SIZES) {
    it(`at ${size.width}×${size.height} (${size.name})`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const found: string[] = [];
      for (const { name, path, ready } of pages) {
        if (size.name === 'phone' && PAGES_AUDITED_AT_390.includes(name)) continue;
        await page.goto(`${app.url}${path}`);
        await ready(page);
        const violations = await axeViolations(page);
        found.push(...violations.map((v) => `${name}: ${v}`));
        const overflow = await page.evaluate(
          () => Math.max(document.documentElement.scrollWidth, document.querySelector('main')?.scrollWidth ?? 0) - window.innerWidth,
        );
        if (overflow > 0) found.push(`${name}: scrolls sideways by ${overflow}px`);
        if (violations.length || size.name === 'phone') await screenshot(page, `${size.name === 'phone' ? 'phone' : 'a11y'}-${name}`);
      }
      for (const { name, path, open } of states) {
        await page.goto(`${app.url}${path}`);
        await open(page, size.name === 'phone');
        found.push(...(await axeViolations(page)).map((v) => `${name}: ${v}`));
      }
      assert.deepEqual(found, [], `axe found:\n${found.join('\n')}`);
    });
  }

  it('breaks nothing in the page Content-Security-Policy (no inline style, no image from another site)', () => {
    assert.deepEqual(cspViolations, []);
  });
});
