import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import '../tests/fakes/openai.ts';
import { axeViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { createContactAs, startSignedInApp, type SignedInApp } from './support/signed-in-app.ts';

// #45: who can introduce me to someone at a company, on the company's page and for a search
// "people at Stripe", each path with its evidence, best first; "Ask … for an intro" opens the
// introducer's composer with an AI draft of the ask (the fake OpenAI). At 1280 and 390 px, axe clean.
describe('Who can introduce me at a company, and asking for the intro', () => {
  let world: SignedInApp;
  let page: Page;
  let stripe: { id: string };

  const apiAs = (method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([method, path, body]) => {
        const res = await fetch(`/api/v1${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return res.json();
      },
      [method, path, body] as const,
    );

  before(async () => {
    world = await startSignedInApp({
      name: 'company-intros',
      user: { name: 'Nora Network', email: 'nora@example.com' },
    });
    page = world.page;
    const dee = await createContactAs(page, { first_name: 'Dee', last_name: 'Lund', company: 'Stripe', title: 'Head of Payments' });
    await createContactAs(page, { first_name: 'Eve', last_name: 'Stone', company: 'Stripe' });
    const cy = await createContactAs(page, { first_name: 'Cy', last_name: 'Adams' });
    const fay = await createContactAs(page, { first_name: 'Fay', last_name: 'Okafor' });
    await apiAs('POST', `/contacts/${dee}/relationships`, { kind: 'colleague', other_contact_id: cy });
    await apiAs('POST', `/contacts/${cy}/relationships`, { kind: 'friend', other_contact_id: fay });
    stripe = ((await apiAs('GET', '/organizations?q=Stripe')) as { data: { id: string }[] }).data[0]!;
  });
  after(() => world?.stop());

  const introCard = (title: string | RegExp) => page.locator('section', { has: page.getByRole('heading', { name: title }) });
  const pathNames = (title: string | RegExp) =>
    introCard(title)
      .getByRole('list', { name: 'Who could introduce you, best first' })
      .locator(':scope > li')
      .evaluateAll((items) => items.map((li) => li.querySelector('a')!.textContent));

  it('lists who can introduce me on the company page, best first with evidence, and drafts the ask (1280 px)', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${world.app.url}/organizations/${stripe.id}`);
    const card = introCard('Who can introduce me');
    await card.getByText('Cy Adams is Dee Lund’s colleague').first().waitFor();
    assert.deepEqual(await pathNames('Who can introduce me'), ['Cy Adams', 'Fay Okafor']);
    assert.ok(await card.getByText('· through Cy Adams').isVisible());
    await screenshot(page, 'company-intros-1280');
    assert.deepEqual(await axeViolations(page), []);

    await card.getByRole('link', { name: 'Ask Cy Adams for an intro' }).click();
    await page.getByRole('heading', { name: 'Cy Adams', level: 1 }).waitFor();
    await page.getByText('Asking for an introduction to Dee Lund').waitFor();
    await page.waitForFunction(() =>
      (document.querySelector('textarea[id$="-body"]') as HTMLTextAreaElement | null)?.value.includes(
        'Would you introduce me to Dee Lund?',
      ),
    );
    assert.match(await page.getByLabel('Message').inputValue(), /Cy Adams is Dee Lund’s colleague/);
    assert.equal(await page.getByLabel('Subject').inputValue(), 'An introduction to Dee Lund?');
    await screenshot(page, 'company-intros-ask-1280');
    assert.deepEqual(await axeViolations(page), []);
  });

  it('answers a search "people at Stripe" with the paths and the people there (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${world.app.url}/contacts`);
    await page.getByRole('searchbox').fill('people at stripe');
    const title = 'Who can introduce you to people at Stripe';
    await introCard(title).getByText('Cy Adams is Dee Lund’s colleague').first().waitFor();
    assert.deepEqual(await pathNames(title), ['Cy Adams', 'Fay Okafor']);
    assert.ok(await page.getByRole('link', { name: 'Eve Stone' }).first().isVisible(), 'the people at Stripe are listed');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no sideways scroll');
    await screenshot(page, 'company-intros-search-390');
    assert.deepEqual(await axeViolations(page), []);

    // From the search, the three-hop path's ask goes to Fay about Cy.
    await introCard(title).getByRole('link', { name: 'Ask Fay Okafor for an intro' }).click();
    await page.getByRole('heading', { name: 'Fay Okafor', level: 1 }).waitFor();
    await page.waitForFunction(() =>
      (document.querySelector('textarea[id$="-body"]') as HTMLTextAreaElement | null)?.value.includes(
        'Would you introduce me to Cy Adams?',
      ),
    );
    await screenshot(page, 'company-intros-ask-390');
    assert.deepEqual(await axeViolations(page), []);
  });
});
