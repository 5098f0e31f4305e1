import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

describe('merging two contacts after seeing the result, undoing it, and linking people', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let sara: string;
  let sarah: string;

  before(async () => {
    app = await startApp({ name: 'merge-review' });
    browser = await launchBrowser();
    page = await newPage(browser);
    const { api } = await signUpInBrowser(page, app.url, 'Mia Merger');
    const create = async (body: Record<string, unknown>) =>
      (await api('/api/v1/contacts', { method: 'POST', json: body })).data.id as string;
    sara = await create({ first_name: 'Sara', last_name: 'Lindqvist', title: 'CTO', company: 'Fjord', emails: ['sara@fjord.se'] });
    sarah = await create({
      first_name: 'Sarah',
      last_name: 'Lindqvist',
      title: 'Founder',
      company: 'Solo Ventures',
      emails: ['sarah@gmail.com'],
      tags: ['investor'],
    });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('fits the duplicates page and the merge review on a 390 and a 320 px phone, Merge in reach', async () => {
    // Neither the page nor any box in it (the table's wrapper) may hide columns behind a sideways scroll.
    const noSidewaysScroll = async (where: string, width: number) => {
      const wider = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll<HTMLElement>('main, main *')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
          .map((el) => `${el.tagName.toLowerCase()} ${el.scrollWidth} px in ${el.clientWidth}`),
      );
      const page_ = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(page_ <= 0, `${where} at ${width} px: the page scrolls sideways by ${page_} px`);
      assert.deepEqual(wider, [], `${where} at ${width} px hides content behind a sideways scroll`);
    };
    const inView = async (name: string, locator: ReturnType<Page['locator']>, width: number) => {
      const box = await locator.boundingBox();
      assert.ok(box, `${name} is shown at ${width} px`);
      assert.ok(box.x >= 0 && box.x + box.width <= width, `${name} at ${width} px spans ${box.x}–${box.x + box.width}`);
    };
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${app.url}/contacts/${sara}/duplicates`);
      const mergeLink = page.getByRole('link', { name: /^Merge/ }).first();
      await mergeLink.waitFor();
      await noSidewaysScroll('the duplicates page', width);
      await inView('the duplicates page’s Merge link', mergeLink, width);
      await screenshot(page, `duplicates-${width}`);

      await page.goto(`${app.url}/contacts/${sara}/merge/${sarah}`);
      const merge = page.getByRole('button', { name: 'Merge', exact: true });
      await merge.waitFor();
      await noSidewaysScroll('the merge review', width);
      await inView('the merge review’s Merge button', merge, width);
      await inView('the other contact’s title “Founder”', page.getByTestId('merge-field-title').getByLabel('Founder'), width);
      await screenshot(page, `merge-review-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('finds the spelling duplicate, previews the merge, keeps the picked values and drops the emptied company', async () => {
    await page.goto(`${app.url}/contacts/${sara}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Possible duplicates', exact: true }) });
    await card.getByText(/spelled alike/).waitFor();
    await card.getByRole('link', { name: 'Merge… Sarah Lindqvist into this contact' }).click();
    await page.waitForURL(new RegExp(`/contacts/${sara}/merge/${sarah}$`));

    const title = page.getByTestId('merge-field-title');
    assert.equal(await title.getByTestId('merge-result').innerText(), 'CTO');
    await title.getByLabel('Founder').check();
    assert.equal(await title.getByTestId('merge-result').innerText(), 'Founder');
    const deleteSolo = page.getByLabel('Also delete Solo Ventures: no one else works there');
    assert.equal(await deleteSolo.isChecked(), true);
    await screenshot(page, 'merge-review');

    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.waitForURL(new RegExp(`/contacts/${sara}\\?merged=1$`));
    await page.getByText('sarah@gmail.com').first().waitFor();
    await page.getByText('Founder').first().waitFor();
    const orgs = await (await page.request.get(`${app.url}/api/v1/organizations?q=Solo`)).json();
    assert.deepEqual(orgs.data, []);
    assert.equal((await page.request.get(`${app.url}/api/v1/contacts/${sarah}`)).status(), 404);
  });

  it('undoes the merge from the contact it went into: Sarah is back, with her own email', async () => {
    await page.goto(`${app.url}/contacts/${sara}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Merged into this contact', exact: true }) });
    await card.getByText('Sarah Lindqvist').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'merged-into-this-contact');
    await card.getByRole('button', { name: 'Unmerge Sarah Lindqvist' }).click();
    await page.getByText('Sarah Lindqvist is back as a contact of their own').waitFor();
    await card.waitFor({ state: 'detached' });
    const back = await (await page.request.get(`${app.url}/api/v1/contacts/${sarah}`)).json();
    assert.deepEqual(back.data.emails, ['sarah@gmail.com']);
  });

  it('links Sarah to Sara from the People card with the keyboard alone, and shows the link on both pages', async () => {
    await page.goto(`${app.url}/contacts/${sara}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'People', exact: true }) });
    await card.getByRole('button', { name: 'Add' }).click();
    const who = card.getByRole('combobox', { name: 'Who' });
    await who.focus();
    await page.keyboard.type('Sarah');
    await card.getByRole('option', { name: /Sarah Lindqvist/ }).waitFor();
    await page.keyboard.press('Enter');
    await card.getByLabel('They are this contact’s').selectOption('sibling');
    await card.getByRole('button', { name: 'Add link' }).click();
    await card.getByRole('link', { name: 'Sarah Lindqvist' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'people-card');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'people-card-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.getByRole('link', { name: 'Sarah Lindqvist' }).click();
    await page.waitForURL(new RegExp(`/contacts/${sarah}$`));
    const theirs = page.locator('section', { has: page.getByRole('heading', { name: 'People', exact: true }) });
    await theirs.getByRole('link', { name: 'Sara Lindqvist' }).waitFor();
    assert.match(await theirs.innerText(), /sibling/);
  });
});
