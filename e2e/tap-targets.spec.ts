import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import '../tests/fakes/openai.ts';
import { screenshot } from './support/browser.ts';
import { createContactAs, startSignedInApp, type SignedInApp } from './support/signed-in-app.ts';
import { smallTapTargets } from './support/tap-targets.ts';

describe('fingertip-sized targets on a phone', () => {
  let world: SignedInApp;
  let page: Page;
  let ada: string;

  before(async () => {
    // A model is configured, so the contact page shows the bio wand.
    world = await startSignedInApp({
      name: 'tap-targets',
      user: { name: 'Tia Tapper', email: `tia-${Date.now()}@example.com` },
    });
    page = world.page;
    ada = await createContactAs(page, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Engines',
      emails: ['ada@example.com'],
      tags: ['maths'],
      bios: { twitter: 'Analyst at Engines. Writes notes on the engine.' },
    });
    await createContactAs(page, { first_name: 'Grace', last_name: 'Hopper', company: 'Navy' });
    // A reminder due today puts Done, Snooze and Dismiss on Home and on the contact page.
    const today = new Date().toISOString().slice(0, 10);
    await page.request.fetch(`${world.app.url}/api/v1/contacts/${ada}/reminders`, {
      method: 'POST',
      headers: { origin: world.app.url, 'content-type': 'application/json' },
      data: JSON.stringify({ on: today, note: 'Send the notes' }),
    });
  });
  after(() => world?.stop());

  for (const width of [390, 320]) {
    it(`has every target on Home, the contact list and the contact page 44 px, or 24 px and spaced, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 844 });
      const found: string[] = [];
      for (const [label, path] of [
        ['Home', '/'],
        ['Contacts', '/contacts'],
        ['Contact', `/contacts/${ada}`],
      ] as const) {
        await page.goto(`${world.app.url}${path}`);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `tap-targets-${label.toLowerCase()}-${width}`);
        for (const t of await smallTapTargets(page)) found.push(`${label}: ${t.what} ${t.width}×${t.height}`);
      }
      assert.deepEqual(found, [], `targets under 44 px and not spaced at ${width} px`);
    });
  }

  for (const width of [390, 320]) {
    it(`gives the contact page's header actions, the due item's actions and the wand a full 44 px at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${world.app.url}/contacts/${ada}`);
      await page.getByRole('tab', { name: 'Note' }).waitFor();
      // 24 px and spaced passes WCAG 2.5.8, but these sit side by side and are tapped in a hurry.
      const controls = [
        page.getByRole('link', { name: 'Email', exact: true }),
        page.getByRole('button', { name: 'Remind me', exact: true }),
        page.getByRole('button', { name: /^Snooze / }),
        page.getByRole('button', { name: /^Dismiss / }),
        page.getByRole('button', { name: 'Extract details with AI' }),
      ];
      const small: string[] = [];
      for (const control of controls) {
        const box = (await control.boundingBox())!;
        if (box.width < 44 || box.height < 44)
          small.push(
            `${(await control.getAttribute('aria-label')) ?? (await control.innerText())} ${Math.round(box.width)}×${Math.round(box.height)}`,
          );
      }
      assert.deepEqual(small, [], `under 44×44 px at ${width} px`);
      // The note composer's checkbox is named by its label.
      await page.getByRole('checkbox', { name: 'This was a conversation (counts as contact)' }).waitFor();
    });
  }
});
