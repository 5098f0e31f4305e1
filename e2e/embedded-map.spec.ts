import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The first run with no map settings at all (#44): the Map page loads the embedded world from
 * Kith's own /map/*.json and places the contacts on it; nothing is asked of any other host.
 * mapbox-gl v3 draws none of the basemap's layers without a Mapbox token (ADR 019): the
 * screenshots show the pins on a plain background until the keyless map has its own renderer.
 */
describe('the embedded world map, with no map key and no network', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const outside: string[] = [];
  const basemapFiles = new Set<string>();

  before(async () => {
    app = await startApp({ name: 'embedded-map', own: true });
    browser = await launchBrowser();
    page = await newPage(browser);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!LOOPBACK.has(url.hostname) && !url.protocol.startsWith('blob') && !url.protocol.startsWith('data')) outside.push(request.url());
      if (url.pathname.startsWith('/map/')) basemapFiles.add(url.pathname);
    });
    const { api } = await signUpInBrowser(page, app.url, 'Wanda World', 'wanda@example.com');
    for (const [first_name, location] of [
      ['Berta', 'Berlin'],
      ['Lami', 'Lagos'],
      ['Taro', 'Tokyo'],
    ])
      await api('/api/v1/contacts', { method: 'POST', json: { first_name, last_name: 'Example', location } });
    await eventually(
      async () => (await api('/api/v1/contacts/map?bbox=-180,-90,180,90')).meta.total_in_bounds === 3,
      'the offline gazetteer placed all three',
      { timeoutMs: 30_000, everyMs: 200 },
    );
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('places Berlin, Lagos and Tokyo on the map from Kith\'s own basemap files, with the sidebar and "list these", asking no other host', async () => {
    await page.setViewportSize({ width: 1360, height: 860 });
    await page.goto(`${app.url}/map`);
    const list = page.getByTestId('map-sidebar-list');
    await eventually(async () => (await list.locator('li').count()) === 3, 'the sidebar lists the three contacts');
    assert.deepEqual((await list.locator('li').allInnerTexts()).map((t) => t.split('\n')[1]).sort(), [
      'Berta Example',
      'Lami Example',
      'Taro Example',
    ]);
    await eventually(async () => (await page.locator('.mapboxgl-marker').count()) >= 3, 'three markers on the map');
    await eventually(async () => basemapFiles.size === 4, 'the four basemap files were loaded');
    assert.deepEqual([...basemapFiles].sort(), [
      '/map/borders.json',
      '/map/city-labels.json',
      '/map/country-labels.json',
      '/map/land.json',
    ]);
    await page.waitForTimeout(1500);
    await screenshot(page, 'embedded-map-desktop');
    assert.deepEqual(await axeViolations(page), []);
    assert.ok(await page.getByRole('link', { name: 'List these on the contact list' }).isVisible());

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/map`);
    await eventually(async () => (await page.locator('.mapboxgl-marker').count()) >= 3, 'three markers on the phone');
    await page.waitForTimeout(1500);
    await screenshot(page, 'embedded-map-phone');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(outside, []);
  });

  it('says once, in plain words, that there is nothing closer than a city', async () => {
    await page.setViewportSize({ width: 1360, height: 860 });
    const berlin = (await page.request.get(`${app.url}/api/v1/contacts?q=berta`).then((r) => r.json())).data[0].id;
    await page.goto(`${app.url}/map?focus=${berlin}`);
    const notice = page.getByRole('status').filter({ hasText: 'no streets this close' });
    await notice.waitFor();
    await screenshot(page, 'embedded-map-street-zoom');
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    assert.deepEqual(outside, []);
  });
});
