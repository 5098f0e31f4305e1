import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, PAGES_AUDITED_AT_390 } from './support/axe.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

/**
 * Issue #43: "Lighthouse's PWA and accessibility audits (or their equivalents run here) pass".
 * Lighthouse is not on this machine; these are its checks, run by hand: the installability and
 * "PWA optimized" audits (a manifest with what Chrome needs, icons that are the size they say,
 * maskable and Apple touch icons that fill their square, theme colours, a viewport meta that
 * lets people zoom, a service worker that controls the page, start_url answering 200 offline)
 * and its accessibility audit (axe, which Lighthouse runs) at 390 px, 320 px and 200 % zoom, on
 * pages in the states real data puts them in: duplicates, reminders due, a cadence overdue, a
 * score, and the popovers, palette and sheets open.
 */

const SIZES = [
  { name: '390 px', width: 390, height: 844 },
  { name: '320 px', width: 320, height: 640 },
  // 1280×800 at 200 % zoom is a 640×400 CSS-pixel viewport.
  { name: '200 % zoom', width: 640, height: 400 },
];

describe('the Lighthouse PWA and accessibility audits, run here', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: Awaited<ReturnType<typeof signUpInBrowser>>['api'];
  const ids: Record<string, string> = {};

  before(async () => {
    app = await startApp({ name: 'pwa-and-a11y-audit' });
    browser = await launchBrowser();
    page = await newPage(browser);
    ({ api } = await signUpInBrowser(page, app.url, 'Lia Lighthouse', `lighthouse-${Date.now()}@example.com`));
    const create = async (body: Record<string, unknown>) =>
      (await api('/api/v1/contacts', { method: 'POST', json: body })).data as { id: string; company?: { id: string } };
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    // Two people the duplicate finder pairs: the state that failed WCAG 2.5.3 ("Review merging …").
    const sara = await create({
      first_name: 'Sara',
      last_name: 'Lindqvist',
      title: 'CTO',
      company: 'Fjord',
      emails: ['sara@fjord.se'],
      tags: ['founders', 'nordics'],
      priority: 'high',
      location: 'Stockholm, Sweden',
    });
    const sarah = await create({ first_name: 'Sarah', last_name: 'Lindqvist', company: 'Solo Ventures', emails: ['sarah@gmail.com'] });
    ids.sara = sara.id;
    ids.sarah = sarah.id;
    ids.fjord = sara.company!.id;
    // Going cold (high priority, last seen two months ago), a cadence overdue, a reminder due today.
    const ada = await create({ first_name: 'Ada', last_name: 'Lovelace', company: 'Engines', priority: 'high', tags: ['maths'] });
    ids.ada = ada.id;
    await api(`/api/v1/contacts/${ada.id}/meetings`, {
      method: 'POST',
      json: { title: 'Tea', occurred_at: daysAgo(60), notes: 'Engines' },
    });
    await api(`/api/v1/contacts/${ada.id}/notes`, { method: 'POST', json: { body: 'Owes me a difference engine' } });
    await api(`/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { cadence: { every: 1, unit: 'week' } } });
    await api(`/api/v1/contacts/${ada.id}/reminders`, {
      method: 'POST',
      json: { on: new Date().toISOString().slice(0, 10), note: 'Send the notes' },
    });
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await api(`/api/v1/contacts/${ada.id}/dates`, {
      method: 'POST',
      json: { kind: 'birthday', month: soon.getUTCMonth() + 1, day: soon.getUTCDate() },
    });
    // A score above 0: a coffee logged last week.
    const grace = await create({ first_name: 'Grace', last_name: 'Hopper', company: 'Navy', location: 'New York' });
    await api(`/api/v1/contacts/${grace.id}/meetings`, { method: 'POST', json: { title: 'Coffee', occurred_at: daysAgo(7) } });
    for (const [first, last] of [
      ['Alan', 'Turing'],
      ['Katherine', 'Johnson'],
      ['Margaret', 'Hamilton'],
    ])
      await create({ first_name: first, last_name: last });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('installable: a manifest Chrome accepts, icons the size they say, maskable and Apple icons that fill their square', async () => {
    for (const path of ['/login', '/home']) {
      await page.goto(`${app.url}${path}`);
      const head = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        title: document.title,
        manifest: document.querySelector<HTMLLinkElement>('link[rel=manifest]')?.getAttribute('href'),
        apple: document.querySelector<HTMLLinkElement>('link[rel=apple-touch-icon]')?.getAttribute('href'),
        viewport: document.querySelector<HTMLMetaElement>('meta[name=viewport]')?.content ?? '',
        themes: [...document.querySelectorAll<HTMLMetaElement>('meta[name=theme-color]')].map((m) => [m.media, m.content]),
      }));
      assert.equal(head.lang, 'en', `${path}: <html lang>`);
      assert.ok(head.title, `${path}: a document title`);
      assert.equal(head.manifest, '/manifest.webmanifest', `${path}: the manifest is linked`);
      assert.equal(head.apple, '/icons/apple-touch-icon.png', `${path}: an Apple touch icon`);
      // Lighthouse's viewport audit: the page fits the phone, and nothing stops a pinch zoom.
      assert.match(head.viewport, /width=device-width/);
      assert.match(head.viewport, /initial-scale=1/);
      assert.doesNotMatch(head.viewport, /user-scalable=(no|0)|maximum-scale=(0|1|2|3|4)(\.\d+)?\b/);
      // The browser's chrome takes the page's colour in light and in dark mode.
      assert.deepEqual(
        head.themes.map(([media]) => media),
        ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)'],
      );
      for (const [, colour] of head.themes) assert.match(colour!, /^#[0-9a-f]{6}$/i);
      assert.notEqual(head.themes[0]![1], head.themes[1]![1], 'dark mode has a colour of its own');
    }
    const answer = await page.request.get(`${app.url}/manifest.webmanifest`);
    assert.equal(answer.status(), 200);
    assert.match(answer.headers()['content-type'] ?? '', /application\/(manifest\+)?json/);
    const manifest = await answer.json();
    // What Chrome's installability check reads.
    assert.ok(manifest.name && manifest.short_name && manifest.short_name.length <= 12, 'a name and a short name that fits under an icon');
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.id, 'an id, so the app stays the same app when start_url changes');
    assert.ok(new URL(manifest.start_url, app.url).pathname.startsWith(new URL(manifest.scope, app.url).pathname), 'start_url in scope');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);

    // Each icon as the browser decodes it: its real size, and for maskable and Apple icons opaque
    // corners (a maskable icon is cut to any shape; iOS fills transparency with black).
    const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons.filter((i: { type: string }) => i.type === 'image/png');
    icons.push({ src: '/icons/apple-touch-icon.png', sizes: '180x180', purpose: 'apple' });
    const decoded = await page.evaluate(
      (list) =>
        Promise.all(
          list.map(
            (icon) =>
              new Promise<{ src: string; purpose: string; declared: string; real: string; cornerAlpha: number }>((resolve, reject) => {
                const img = new Image();
                img.onload = () => {
                  const canvas = document.createElement('canvas');
                  canvas.width = img.naturalWidth;
                  canvas.height = img.naturalHeight;
                  const context = canvas.getContext('2d')!;
                  context.drawImage(img, 0, 0);
                  const corners = [
                    [0, 0],
                    [img.naturalWidth - 1, 0],
                    [0, img.naturalHeight - 1],
                    [img.naturalWidth - 1, img.naturalHeight - 1],
                  ].map(([x, y]) => context.getImageData(x!, y!, 1, 1).data[3]!);
                  resolve({
                    src: icon.src,
                    purpose: icon.purpose,
                    declared: icon.sizes,
                    real: `${img.naturalWidth}x${img.naturalHeight}`,
                    cornerAlpha: Math.min(...corners),
                  });
                };
                img.onerror = () => reject(new Error(`${icon.src} did not load`));
                img.src = icon.src;
              }),
          ),
        ),
      icons,
    );
    for (const icon of decoded) {
      assert.equal(icon.real, icon.declared, `${icon.src} is ${icon.real}, declared ${icon.declared}`);
      if (icon.purpose !== 'any') assert.equal(icon.cornerAlpha, 255, `${icon.src} fills its square`);
    }
    const sizes = (purpose: string) => decoded.filter((i) => i.purpose === purpose).map((i) => i.real);
    assert.ok(sizes('any').includes('192x192') && sizes('any').includes('512x512'), 'a 192 and a 512 px icon');
    assert.ok(sizes('maskable').includes('512x512'), 'a 512 px maskable icon');
  });

  it('a service worker controls the page, and start_url answers 200 offline, opened cold', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await context.addCookies(await page.context().cookies());
    const phone = await context.newPage();
    try {
      const manifest = await (await phone.request.get(`${app.url}/manifest.webmanifest`)).json();
      const start = new URL(manifest.start_url, app.url).href;
      await phone.goto(start);
      await eventually(() => phone.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
      const scope = await phone.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
      assert.ok(scope && start.startsWith(scope), `the worker's scope ${scope} covers start_url`);
      await phone.getByRole('heading', { level: 1 }).first().waitFor();
      // Offline, the app started from the home screen: start_url and the page itself answer 200.
      await context.setOffline(true);
      for (const url of [start, phone.url()]) {
        const offline = await phone.goto(url);
        assert.equal(offline?.status(), 200, `${url} offline`);
        await phone.getByRole('heading', { level: 1 }).first().waitFor();
        assert.equal(await phone.getByText('No internet').count(), 0);
      }
      await screenshot(phone, 'audit-start-url-offline-390');
    } finally {
      await context.close();
    }
  });

  for (const size of SIZES) {
    it(`axe finds nothing on every main page, and nothing scrolls sideways, at ${size.name}`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const found: string[] = [];
      const check = async (name: string) => {
        for (const v of await axeViolations(page)) found.push(`${name}: ${v}`);
        const overflow = await page.evaluate(
          () => Math.max(document.documentElement.scrollWidth, document.querySelector('main')?.scrollWidth ?? 0) - window.innerWidth,
        );
        if (overflow > 0) found.push(`${name}: scrolls sideways by ${overflow} px`);
      };
      const visited: string[] = [];
      const visit = async (name: string, path: string, ready: () => Promise<unknown>) => {
        visited.push(name);
        await page.goto(`${app.url}${path}`);
        await ready();
        await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
        await check(name);
        await screenshot(page, `audit-${name}-${size.width}`);
      };
      const heading = (name: string | RegExp) => () => page.getByRole('heading', { name, level: 1 }).waitFor();
      await visit('home', '/home', () => page.getByText('Send the notes').first().waitFor());
      await visit('contacts', '/contacts', () => page.getByTestId('contact-name').first().waitFor());
      // Possible duplicates on the page: its Merge link's spoken name starts with what it shows.
      await visit('contact-with-duplicates', `/contacts/${ids.sara}`, () =>
        page.getByRole('link', { name: /^Merge… Sarah Lindqvist/ }).waitFor(),
      );
      await visit('contact-due', `/contacts/${ids.ada}`, () => page.getByText('Owes me a difference engine').waitFor());
      await visit('duplicates', `/contacts/${ids.sara}/duplicates`, () =>
        page
          .getByRole('link', { name: /^Merge/ })
          .first()
          .waitFor(),
      );
      await visit('merge-review', `/contacts/${ids.sara}/merge/${ids.sarah}`, () =>
        page.getByRole('button', { name: 'Merge', exact: true }).waitFor(),
      );
      await visit('new-contact', '/contacts/new', heading(/New contact/));
      await visit('organizations', '/organizations', heading('Organizations'));
      await visit('organization', `/organizations/${ids.fjord}`, heading('Fjord'));
      await visit('tags', '/tags', heading('Tags'));
      await visit('import', '/import', heading(/Import/));
      await visit('settings', '/settings', heading('Settings'));
      await visit('map', '/map', () => page.getByText('Map is not yet configured').waitFor());

      // States reached by acting: Remind me's presets, the score explained, Find with results, the filters sheet.
      await page.goto(`${app.url}/contacts/${ids.ada}`);
      await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
      await page.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Remind me' }).click();
      await page.getByRole('dialog', { name: 'Remind me' }).waitFor();
      await check('contact, Remind me open');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Relationship score/ }).click();
      await page
        .getByText(/^Relationship score \d+\.\d \/ 10$/)
        .first()
        .waitFor();
      await check('contact, score explained');
      await page.keyboard.press('Escape');

      await page.goto(`${app.url}/contacts`);
      await page.waitForFunction(() => performance.getEntriesByName('kith:interactive').length > 0);
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('dialog').waitFor();
      await check('contacts, filters sheet');
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: /^Relationship score/ })
        .first()
        .click();
      await page
        .getByText(/^Relationship score, /)
        .first()
        .waitFor();
      await check('contacts, score explained');
      await page.keyboard.press('Escape');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Find' }).click();
      const palette = page.getByRole('dialog', { name: 'Find anything' });
      await palette.getByRole('combobox').fill('lindqvist');
      await palette.getByRole('option', { name: /Sarah Lindqvist/ }).waitFor();
      await check('Find with two Lindqvists');
      await screenshot(page, `audit-find-${size.width}`);
      assert.deepEqual(found, [], `found:\n${found.join('\n')}`);
      // e2e/accessibility leaves these to this audit at its phone size.
      assert.deepEqual(
        PAGES_AUDITED_AT_390.filter((name) => !visited.includes(name)),
        [],
        'pages e2e/accessibility no longer audits at 390 px',
      );
    });
  }
});
