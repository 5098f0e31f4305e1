import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import '../tests/fakes/apollo.ts';
import '../tests/fakes/openai.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { focusSettles } from './support/wait.ts';
import { createContactAs, startSignedInApp, type FakeProviders, type SignedInApp } from './support/signed-in-app.ts';

describe('enrichment, the bio wand and AI drafts in the browser', () => {
  let world: SignedInApp;
  let fakes: FakeProviders;
  let app: RunningApp;
  let page: Page;

  const createContact = (body: Record<string, unknown>) => createContactAs(page, body);

  before(async () => {
    world = await startSignedInApp({
      name: 'ai',
      user: { name: 'Ava Ai', email: 'ava@example.com' },
    });
    ({ fakes, app, page } = world);
  });
  after(() => world?.stop());

  it('enriches a contact from the kebab menu and shows the filled fields', async () => {
    const id = await createContact({ emails: ['grace.hopper@navy.example'] });
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('heading', { name: 'grace.hopper@navy.example' }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await screenshot(page, 'ai-enrich-menu');
    await page.getByRole('menuitem', { name: /Enrich with Apollo/ }).click();
    await page.getByText(/Enriched: added/).waitFor();
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await page.getByText('VP Engineering at Initech').waitFor();
    // The location may already show as a map link: the gazetteer geocodes Berlin within moments.
    await page.getByText('Berlin, Germany').first().waitFor();
    await screenshot(page, 'ai-enriched');
  });

  it("counts down in the menu when Apollo's rate limit answers 429", async () => {
    await fetch(`${fakes.url}/apollo/__scenario`, {
      method: 'POST',
      body: JSON.stringify({ when: 'busy.bee@example.com', status: 429, headers: { 'retry-after': '30' } }),
    });
    const id = await createContact({ emails: ['busy.bee@example.com'] });
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: /Enrich with Apollo/ }).click();
    await page.getByText(/Apollo is rate limiting us; try again in 30 seconds/).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    const item = page.getByRole('menuitem', { name: /Enrich with Apollo/ });
    await item.getByText(/Apollo rate limit: try again in \d+s/).waitFor();
    assert.equal(await item.getAttribute('aria-disabled'), 'true');
    await screenshot(page, 'ai-enrich-rate-limited');
    await page.keyboard.press('Escape');
  });

  it('splits "Anders | LoopFi" with the wand', async () => {
    const id = await createContact({ first_name: 'Anders | LoopFi', bios: { twitter: 'Founder at LoopFi. Building DeFi rails.' } });
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('heading', { name: 'Anders | LoopFi' }).waitFor();
    // The wand first shows what it would change; Cancel changes nothing.
    await page.getByRole('button', { name: 'Extract details with AI' }).click();
    let dialog = page.getByRole('dialog', { name: 'Apply what AI found in the bio?' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /first name\s+Anders \| LoopFi\s*→\s*Anders/i);
    assert.match(await dialog.innerText(), /company\s+LoopFi/i);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Anders | LoopFi' }).waitFor();
    await focusSettles(page, { label: 'Extract details with AI' }, 'focus returns to the wand');
    await page.getByRole('button', { name: 'Extract details with AI' }).click();
    dialog = page.getByRole('dialog', { name: 'Apply what AI found in the bio?' });
    await dialog.waitFor();
    await screenshot(page, 'ai-wand-preview');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'Anders', exact: true }).waitFor();
    await page.getByText('Founder at LoopFi').first().waitFor();
    await page.getByText(/Updated first name, title and company from the bio/).waitFor();
    await screenshot(page, 'ai-wand');
  });

  it('drafts a Telegram message, editable, and regenerates it', async () => {
    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByLabel('Channel').selectOption('telegram');
    await page.getByRole('button', { name: 'Draft with AI' }).click();
    const message = page.getByLabel('Message');
    await page.waitForFunction(() =>
      (document.querySelector('textarea[id$="-body"]') as HTMLTextAreaElement | null)?.value.includes('Hi Anders'),
    );
    assert.equal(await page.getByLabel('Subject').count(), 0);
    await message.press('End');
    await message.type(' See you soon!');
    assert.match(await message.inputValue(), /See you soon!$/);
    await screenshot(page, 'ai-draft');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.waitForFunction(
      () => !(document.querySelector('textarea[id$="-body"]') as HTMLTextAreaElement | null)?.value.includes('See you soon'),
    );
    await page.getByLabel('Channel').selectOption('email');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.waitForFunction(() =>
      (document.querySelector('input[id$="-subject"]') as HTMLInputElement | null)?.value.startsWith('Catching up'),
    );
    await screenshot(page, 'ai-draft-email');
  });

  it('sees a job change in the bio: the old job struck through, and Apply records the new job in Life', async () => {
    const id = await createContact({
      first_name: 'Lena',
      last_name: 'Moss',
      title: 'VP Sales',
      company: 'Acme',
      bios: { twitter: 'Head of BD at LoopFi. Ex-Acme.' },
    });
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('heading', { name: 'Lena Moss' }).waitFor();
    await page.getByRole('button', { name: 'Extract details with AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply what AI found in the bio?' });
    await dialog.waitFor();
    assert.equal(await dialog.locator('del', { hasText: 'Acme' }).count(), 1);
    assert.equal(await dialog.locator('ins', { hasText: 'LoopFi' }).count(), 1);
    assert.equal(await dialog.locator('del', { hasText: 'VP Sales' }).count(), 1);
    assert.match(
      await dialog.getByTestId('wand-job-change').innerText(),
      /Apply also records New job at LoopFi as Head of BD in Life, from the bio: “Head of BD at LoopFi\.”/,
    );
    await screenshot(page, 'ai-wand-job-change');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/“New job at LoopFi as Head of BD” is in Life/).waitFor();
    const event = page.getByTestId('life-event').filter({ hasText: 'New job at LoopFi as Head of BD' });
    await event.waitFor();
    // The event's evidence is the field change the bio line made, with its source.
    assert.match(await event.innerText(), /VP Sales at Acme → Head of BD at LoopFi/);
    assert.match(await event.innerText(), /A bio/);
  });
});

describe('enrichment and AI without their keys', () => {
  let app: RunningApp;
  let browser: Browser;

  before(async () => {
    app = await startApp({ name: 'ai-unconfigured' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows "Enrich with Apollo" disabled with the reason, and the AI buttons disabled', async () => {
    const page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Kim Keyless', 'kim@example.com');
    const id = await page.evaluate(async () => {
      const res = await fetch('/api/v1/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Nia', emails: ['nia@example.com'] }),
      });
      return ((await res.json()) as { data: { id: string } }).data.id;
    });
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    const item = page.getByRole('menuitem', { name: /Enrich with Apollo/ });
    await item.getByText("Enrich with Apollo isn't set up on this server yet. Ask whoever runs Kith to set it up.").waitFor();
    assert.equal(await item.getAttribute('aria-disabled'), 'true');
    // The menu is modal: close it before looking at the rest of the page.
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('button', { name: 'Extract details with AI' }).isDisabled(), true);
    await page.getByRole('tab', { name: 'Message' }).click();
    assert.equal(await page.getByRole('button', { name: 'Draft with AI' }).isDisabled(), true);
    await screenshot(page, 'ai-not-configured');
  });
});
