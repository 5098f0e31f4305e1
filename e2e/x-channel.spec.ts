import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import '../tests/fakes/x.ts';
import { screenshot } from './support/browser.ts';
import type { RunningApp } from './support/server.ts';
import { eventually } from './support/wait.ts';
import { createContactAs, startSignedInApp, type FakeProviders, type SignedInApp } from './support/signed-in-app.ts';

describe('the X channel in the browser', () => {
  let world: SignedInApp;
  let fakes: FakeProviders;
  let app: RunningApp;
  let page: Page;

  const scenario = (body: Record<string, unknown>) =>
    fetch(`${fakes.url}/__scenario/x`, { method: 'POST', body: JSON.stringify({ account: 'default', ...body }) });

  before(async () => {
    world = await startSignedInApp({
      name: 'x-channel',
      user: { name: 'Xavier Example', email: 'xavier@example.com' },
    });
    ({ fakes, app, page } = world);
  });
  after(() => world?.stop());

  it('connects X in Settings, sends a direct message from a contact page, and sees the conversation on the timeline', async () => {
    await scenario({
      username: 'xavier_kith',
      users: [{ username: 'Ada_Lovelace', description: 'Analyst. Poet of science.' }],
      messages: [
        {
          with: 'Ada_Lovelace',
          from: 'them',
          text: 'Did you read my notes on the Engine?',
          created_at: new Date(Date.now() - 86_400_000).toISOString(),
        },
      ],
    });
    const id = await createContactAs(page, { first_name: 'Ada', last_name: 'Lovelace', twitter_handle: '@ada_lovelace' });

    await page.goto(`${app.url}/settings#integrations`);
    const card = page.getByTestId('x-card');
    await card.getByRole('link', { name: 'Connect X' }).waitFor();
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'x-settings-not-connected');
    await card.getByRole('link', { name: 'Connect X' }).click();
    await page.waitForURL(/\/settings\?connected=x/);
    await card.getByText('@xavier_kith').waitFor();
    await eventually(
      async () => (await card.getByText('Last synced').count()) > 0 || (await page.reload(), false),
      'the first X sync finished',
    );
    await card.getByText('Last synced').waitFor();
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'x-settings-connected');

    await page.goto(`${app.url}/contacts/${id}`);
    const timeline = page.getByRole('list', { name: 'Interactions' });
    // The first sync (queued on connect) brought in Ada's DM.
    await timeline.getByText('Did you read my notes on the Engine?').waitFor();
    await timeline.getByText('X received').waitFor();

    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByLabel('Channel').selectOption('twitter');
    await page.getByLabel('Message').fill('I did — the part on Bernoulli numbers is brilliant.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Message sent').waitFor();
    await timeline.getByText('X sent').waitFor();
    await timeline.getByText('the part on Bernoulli numbers is brilliant.').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'x-timeline');

    const log = (await (await fetch(`${fakes.url}/__scenario/x/log?account=default`)).json()) as {
      kind: string;
      to?: string;
      text?: string;
    }[];
    const sends = log.filter((l) => l.kind === 'send');
    assert.equal(sends.length, 1);
    assert.equal(sends[0]!.to, 'Ada_Lovelace');
    assert.equal(sends[0]!.text, 'I did — the part on Bernoulli numbers is brilliant.');
  });
});
