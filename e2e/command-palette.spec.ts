import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

describe('find anyone from anywhere', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ada: string;

  before(async () => {
    app = await startApp({ name: 'command-palette' });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Pam Palette');
    ada = (
      await api('/api/v1/contacts', {
        method: 'POST',
        json: { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', tags: ['mathematician'] },
      })
    ).data.id;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const palette = () => page.getByRole('dialog', { name: 'Find anything' });
  const box = () => palette().getByRole('combobox', { name: 'Find people, organizations, tags and pages' });

  it('opens with Ctrl+K on any page, finds a person as you type, and Enter opens them', async () => {
    await page.goto(`${app.url}/map`);
    // Keys pressed before the page is live are lost: press until the palette opens.
    await eventually(async () => {
      await page.keyboard.press('Control+k');
      return (await palette().count()) > 0;
    }, 'Ctrl+K opened the palette');
    await box().fill('lovel');
    await palette()
      .getByRole('option', { name: /Ada Lovelace/ })
      .waitFor();
    await screenshot(page, 'command-palette');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contacts/${ada}$`));
    assert.equal(await palette().count(), 0);
  });

  it('finds organizations, tags and pages, and moves with the arrow keys', async () => {
    await page.keyboard.press('Control+k');
    await box().fill('analyt');
    // The person shows their company too: the organization is the option of that kind.
    await palette()
      .getByRole('option', { name: /Analytical Engines\s*Organization/ })
      .waitFor();
    await box().fill('mathem');
    await palette()
      .getByRole('option', { name: /mathematician/ })
      .waitFor();
    await box().fill('sett');
    const settings = palette().getByRole('option', { name: /Settings/ });
    await settings.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    assert.equal(await settings.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);
  });

  it('runs command words, tells same-named people apart and leads to all the results (#43)', async () => {
    const add = (json: Record<string, unknown>) =>
      page.request.post(`${app.url}/api/v1/contacts`, { data: json, headers: { origin: app.url } });
    await add({ first_name: 'Sam', last_name: 'Lee', company: 'Acme', location: 'Berlin' });
    await add({ first_name: 'Sam', last_name: 'Lee', company: 'Globex', location: 'Lisbon' });
    await add({ first_name: 'Sam', last_name: 'Lee', emails: ['sam@one.example'] });
    await add({ first_name: 'Sam', last_name: 'Lee', emails: ['sam@two.example'] });
    for (const name of ['Ola', 'Olga', 'Olek', 'Olive', 'Oliver', 'Olivia', 'Olly']) await add({ first_name: name, last_name: 'Newman' });
    await page.goto(`${app.url}/home`);
    await eventually(async () => {
      await page.keyboard.press('Control+k');
      return (await palette().count()) > 0;
    }, 'Ctrl+K opened the palette');

    // A command word comes first, before people whose names start the same way.
    const first = () => palette().getByRole('option').first();
    await box().fill('new contact');
    await eventually(async () => /New contact/.test(await first().innerText()), '"new contact" offers New contact first');
    await box().fill('settings');
    await eventually(async () => /Settings/.test(await first().innerText()), '"settings" offers Settings first');
    await box().fill('log');
    await eventually(async () => /Log a conversation/.test(await first().innerText()), '"log" offers logging first');
    await page.keyboard.press('Enter');
    await eventually(async () => (await box().getAttribute('placeholder')) === 'Whom did you talk to?', 'the palette asks whom');
    await box().fill('lovel');
    await palette()
      .getByRole('option', { name: /Ada Lovelace/ })
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contacts/${ada}`));
    await eventually(
      async () => (await page.getByRole('tab', { name: 'Log a conversation' }).getAttribute('aria-selected')) === 'true',
      'their page opens on Log',
    );

    // Four Sam Lees: their company and place, or else their email, tell them apart.
    await page.keyboard.press('Control+k');
    await box().fill('sam lee');
    const sams = palette().getByRole('option', { name: /Sam Lee/ });
    // This device's index answers first, without places; the server's answer adds them.
    let hints: string[] = [];
    await eventually(async () => (hints = await sams.allInnerTexts()).some((h) => /Acme · Berlin/.test(h)), 'the server answered');
    assert.equal(hints.length, 4);
    assert.equal(new Set(hints).size, 4, `each Sam Lee reads differently: ${JSON.stringify(hints)}`);
    assert.ok(
      hints.some((h) => /sam@two\.example/.test(h)),
      JSON.stringify(hints),
    );
    await screenshot(page, 'command-palette-same-names');

    // More people than the palette shows: "See all" opens the list with that search.
    await box().fill('newman');
    const all = palette().getByRole('option', { name: 'See all 7 in Contacts' });
    await all.waitFor();
    await all.click();
    await page.waitForURL(/\/contacts\?q=newman$/);
    await page.getByText('7 people match').waitFor();
  });

  it('opens with / where the page has no search box of its own, and Escape gives focus back', async () => {
    await page.goto(`${app.url}/home`);
    const find = page.getByRole('button', { name: 'Find', exact: true });
    await eventually(async () => {
      await find.focus();
      await page.keyboard.press('Enter');
      return (await palette().count()) > 0;
    }, 'the Find button opened the palette');
    await box().waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await palette().count(), 0);
    await eventually(() => find.evaluate((el) => el === document.activeElement), 'Escape returns focus to the Find button', {
      timeoutMs: 3_000,
    });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await box().waitFor();
    await page.keyboard.press('Escape');
  });
});
