import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { cutOffOrOverlapping } from './support/layout-checks.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe('the list, a contact, Home and Settings at 320 px, at 1280 px and at 200 % zoom (#43)', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ada: string;

  before(async () => {
    app = await startApp({ name: 'narrow-and-zoomed' });
    browser = await launchBrowser();
    // 1280×800 at 200 % zoom: the page lays out in 640×400 CSS pixels.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    page = await context.newPage();
    const { api } = await signUpInBrowser(page, app.url, 'Zoe Zoom');
    const create = async (body: Record<string, unknown>) =>
      (await api('/api/v1/contacts', { method: 'POST', json: body })).data.id as string;
    ada = await create({ first_name: 'Ada', last_name: 'Lovelace', company: 'Engines', priority: 'medium', tags: ['maths'] });
    await create({ first_name: 'Bartholomew', last_name: 'Fitzgerald-Montgomery', company: 'Very Long Company Name', priority: 'high' });
    await create({ first_name: 'Grace', last_name: 'Hopper', company: 'Navy', priority: 'low', tags: ['navy'] });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows whole names at 320 px, the priority and score stacked beside them', async () => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`${app.url}/contacts`);
    await page.getByTestId('contact-name').first().waitFor();
    await screenshot(page, 'narrow-list-320');
    const names = await page.getByTestId('contact-name').evaluateAll((spans) =>
      spans.map((s) => ({
        text: s.textContent,
        cut: s.scrollWidth > s.clientWidth + 1,
        lines: Math.round(s.getBoundingClientRect().height / 20),
      })),
    );
    assert.deepEqual(
      names.filter((n) => n.cut),
      [],
      'no name is cut off',
    );
    assert.equal(names.find((n) => n.text === 'Ada Lovelace')?.lines, 1, 'a short name keeps to one line');
  });

  it('keeps the filters on one row at 1280 px, with every filter turned on', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const filtersRow = async (search: string) => {
      await page.goto(`${app.url}/contacts${search}`);
      // (Named "Filters and sort" before the sort moved beside the search box.)
      const row = page.getByRole('group', { name: /^Filters/ });
      await row.waitFor();
      return row.evaluate((g) => [...g.children].map((c) => Math.round(c.getBoundingClientRect().top)));
    };
    const tops = [await filtersRow(''), await filtersRow('?tag=maths&source=manual&priority=high&priority=low&due=week&place=Berlin')];
    await screenshot(page, 'toolbar-1280-filtered');
    for (const row of tops) assert.ok(Math.max(...row) - Math.min(...row) < 10, `the filters wrap: ${JSON.stringify(row)}`);
    assert.deepEqual(await cutOffOrOverlapping(page), []);
  });

  it('at 200 % zoom shows people on the first screen and cuts nothing off on the list, a contact, Home and Settings', async () => {
    await page.setViewportSize({ width: 640, height: 400 });
    await page.goto(`${app.url}/contacts`);
    const firstRow = page.getByTestId('contact-name').first();
    await firstRow.waitFor();
    await screenshot(page, 'zoom-200-list');
    const top = (await firstRow.boundingBox())!.y;
    assert.ok(top < 400 - 60, `the first contact starts at ${Math.round(top)} px, below the first screen`);
    const problems: string[] = [];
    for (const [label, path] of [
      ['list', '/contacts'],
      ['contact', `/contacts/${ada}`],
      ['home', '/'],
      ['settings', '/settings'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `zoom-200-${label}`);
      for (const p of await cutOffOrOverlapping(page)) problems.push(`${label}: ${p}`);
    }
    assert.deepEqual(problems, []);
  });
});
