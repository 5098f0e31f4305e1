import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import '../tests/fakes/telegram-gateway.ts';
import { screenshot } from './support/browser.ts';
import type { RunningApp } from './support/server.ts';
import { eventually } from './support/wait.ts';
import { startSignedInApp, type FakeProviders, type SignedInApp } from './support/signed-in-app.ts';

describe('LinkedIn and Telegram channels in the browser', () => {
  let world: SignedInApp;
  let fakes: FakeProviders;
  let app: RunningApp;
  let page: Page;

  const api = <T = any>(path: string, body: Record<string, unknown>) =>
    page.evaluate(
      async ([p, json]) => {
        const res = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
        return ((await res.json()) as { data: unknown }).data;
      },
      [path, body] as const,
    ) as Promise<T>;

  before(async () => {
    world = await startSignedInApp({
      name: 'social-channels',
      user: { name: 'Sol Social', email: 'sol@example.com' },
    });
    ({ fakes, app, page } = world);
  });
  after(() => world?.stop());

  it('queues a LinkedIn message from the composer; the extension sends it and the badge turns "sent"', async () => {
    const { id } = await api<{ id: string }>('/api/v1/contacts', {
      first_name: 'Lina',
      last_name: 'Linked',
      linkedin_url: 'https://www.linkedin.com/in/lina-linked',
    });
    const { token } = await api<{ token: string }>('/api/v1/tokens', { name: 'Kith for LinkedIn' });

    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByLabel('Channel').selectOption('linkedin');
    await page.getByLabel('Message').fill('Hi Lina, great talk at the meetup yesterday!');
    await page.getByRole('tab', { name: 'Message' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'linkedin-compose');
    await page.getByRole('button', { name: 'Queue for LinkedIn' }).click();
    await page.getByText('the Kith browser extension will send it').waitFor();

    const timeline = page.getByRole('list', { name: 'Interactions' });
    const item = timeline.getByTestId('timeline-item').filter({ hasText: 'great talk at the meetup' });
    await item.getByTestId('send-status').getByText('queued').waitFor();
    await item.getByText('LinkedIn message').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'linkedin-timeline-queued');

    await page.goto(`${app.url}/settings#integrations`);
    await page.getByTestId('linkedin-queued').getByText('1 message waiting for the extension to send.').waitFor();
    await page.getByTestId('linkedin-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'linkedin-settings-card');

    // What the extension does: claim, send in LinkedIn's UI, report back.
    const extension = (path: string, body: unknown) =>
      fetch(`${app.url}/api/v1/extension/linkedin/outbox${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const claimed = ((await (await extension('/claim', {})).json()) as { data: { id: string; linkedin_url: string; body: string }[] }).data;
    assert.equal(claimed.length, 1);
    assert.equal(claimed[0]!.linkedin_url, 'https://www.linkedin.com/in/lina-linked');
    assert.equal((await extension(`/${claimed[0]!.id}/result`, { status: 'sent' })).status, 200);

    await page.goto(`${app.url}/contacts/${id}`);
    await item.getByTestId('send-status').getByText('sent').waitFor();
    await item.getByText('LinkedIn sent').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'linkedin-timeline-sent');
  });

  it('connects Telegram (phone, code, password), syncs a chat with read receipts and shared groups, and sends from the composer', async () => {
    const phone = '+447700900555';
    const tom = { id: '4242', username: 'tom_t', first_name: 'Tom', last_name: 'Telegram', phone: null };
    const now = Math.floor(Date.now() / 1000);
    const scenario = (body: Record<string, unknown>) =>
      fetch(`${fakes.url}/__scenario/telegram`, { method: 'POST', body: JSON.stringify({ phone, ...body }) });
    await scenario({
      password: 'two step secret',
      self: { username: 'sol_social' },
      dialogs: [
        {
          peer: tom,
          read_outbox_max_id: 2,
          messages: [
            { id: 1, date: now - 7200, out: false, text: 'Did you get the tickets?' },
            { id: 2, date: now - 3600, out: true, text: 'Yes, two for Saturday.' },
          ],
        },
      ],
      bios: { '4242': 'Jazz drummer' },
      chats: [
        {
          id: '-100777',
          title: 'Saturday jazz club',
          participants: [tom, { id: '4343', username: 'una_u', first_name: 'Una', last_name: null, phone: null }],
        },
      ],
    });
    const id = (await api<{ id: string }>('/api/v1/contacts', { first_name: 'Tom', last_name: 'Telegram', telegram_username: 'tom_t' })).id;

    await page.goto(`${app.url}/settings#integrations`);
    const card = page.getByTestId('telegram-card');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'telegram-settings-not-connected');
    await card.getByLabel('Phone number').fill(phone);
    await card.getByRole('button', { name: 'Send me a code' }).click();
    await card.getByLabel('Login code').waitFor();
    await page.getByText('Connecting…').waitFor();
    assert.equal(await card.getByLabel('Login code').inputValue(), '');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'telegram-settings-code');
    await card.getByLabel('Login code').fill('12345');
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByLabel('Two-step verification password').fill('two step secret');
    await card.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/connected=telegram/);
    await card.getByText('@sol_social').waitFor();
    await card.getByLabel(/Add members of my groups I never messaged/).check();
    await page.waitForLoadState('networkidle');
    await card.getByRole('button', { name: 'Sync now' }).click();
    await page.waitForURL(/synced=telegram/);
    assert.equal(await card.getByLabel(/Add members of my groups I never messaged/).isChecked(), true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'telegram-settings-connected');

    const timeline = page.getByRole('list', { name: 'Interactions' });
    // The sync job logs the chat first and the shared groups after it: wait for both.
    await eventually(
      async () => {
        await page.goto(`${app.url}/contacts/${id}`);
        return (
          (await timeline.getByText('Yes, two for Saturday.').count()) > 0 &&
          (await page.getByText('Saturday jazz club', { exact: true }).count()) > 0
        );
      },
      'the Telegram sync logged the chat and the shared group',
      { everyMs: 300 },
    );
    const sentItem = timeline.getByTestId('timeline-item').filter({ hasText: 'Yes, two for Saturday.' });
    await sentItem.getByLabel('Read').waitFor();
    await timeline.getByText('Did you get the tickets?').waitFor();
    await page.getByText('Saturday jazz club', { exact: true }).waitFor();
    // Telegram is connected and Tom has a username: the menu offers a sync and names the channel.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Sync messages now' }).click();
    await page.getByText('Sync requested: Telegram messages update in the background').waitFor();

    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByLabel('Channel').selectOption('telegram');
    await page.getByLabel('Message').fill('See you at the club!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Sent on Telegram').waitFor();
    const newItem = timeline.getByTestId('timeline-item').filter({ hasText: 'See you at the club!' });
    await newItem.getByLabel('Delivered').waitFor();
    const sent = (await (await fetch(`${fakes.url}/__scenario/telegram/sent?phone=${encodeURIComponent(phone)}`)).json()) as {
      text: string;
    }[];
    assert.deepEqual(
      sent.map((m) => m.text),
      ['See you at the club!'],
    );
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'telegram-timeline');
    await page.getByText('Common groups').scrollIntoViewIfNeeded();
    await screenshot(page, 'telegram-common-groups');
  });
});
