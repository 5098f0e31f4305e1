import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import '../tests/fakes/google.ts';
import '../tests/fakes/gmail.ts';
import '../tests/fakes/google-calendar.ts';
import '../tests/fakes/openai.ts';
import { screenshot } from './support/browser.ts';
import type { RunningApp } from './support/server.ts';
import { eventually } from './support/wait.ts';
import { createContactAs, startSignedInApp, type FakeProviders, type SignedInApp } from './support/signed-in-app.ts';

describe('the Email channel in the browser', () => {
  let world: SignedInApp;
  let fakes: FakeProviders;
  let app: RunningApp;
  let page: Page;

  const createContact = (body: Record<string, unknown>) => createContactAs(page, body);

  before(async () => {
    world = await startSignedInApp({
      name: 'email-channel',
      user: { name: 'Eve Email', email: 'eve@example.com' },
    });
    ({ fakes, app, page } = world);
  });
  after(() => world?.stop());

  it('connects Gmail in Settings, drafts and sends an email from a contact page, and sees it on the timeline', async () => {
    await fetch(`${fakes.url}/__scenario/gmail`, {
      method: 'POST',
      body: JSON.stringify({
        account: 'default',
        emailAddress: 'eve@gmail.test',
        messages: [
          {
            from: 'Anders Ångström <anders@example.org>',
            to: 'eve@gmail.test',
            subject: 'Spectra',
            text: 'Have you seen the new lines?',
            date: new Date(Date.now() - 86_400_000).toISOString(),
          },
        ],
      }),
    });
    const id = await createContact({
      first_name: 'Anders',
      last_name: 'Ångström',
      emails: ['anders@example.org'],
      title: 'Physicist',
      company: 'Uppsala University',
    });

    // Before connecting, the composer says where to connect and does not send.
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByText('Connect Gmail in Settings → Integrations to send emails.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled(), true);
    await page.getByRole('tab', { name: 'Message' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'email-compose-not-connected');
    await page.getByRole('link', { name: 'Open Integrations' }).click();
    await page.waitForURL(/\/settings#integrations$/);
    const card = page.getByTestId('email-card');
    await page.getByRole('heading', { name: 'Integrations' }).waitFor();
    await screenshot(page, 'email-settings-not-connected');
    await card.getByRole('link', { name: 'Connect Gmail' }).click();
    await page.waitForURL(/\/settings\?connected=email/);
    await card.getByText('eve@gmail.test').waitFor();
    await page.getByText('Connected', { exact: true }).first().waitFor();
    // Gmail alone grants no Contacts access: that card still offers to connect.
    await page.getByRole('link', { name: 'Connect Google' }).waitFor();
    await screenshot(page, 'email-settings-connected');

    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByLabel('Channel').selectOption('email');
    await page.getByRole('button', { name: 'Draft with AI' }).click();
    await page.waitForFunction(() => (document.querySelector('input[id$="-subject"]') as HTMLInputElement | null)?.value.length);
    const subject = await page.getByLabel('Subject').inputValue();
    await page.getByLabel('Message').press('End');
    await page.getByLabel('Message').type('\n\nHälsningar, Eve');
    await screenshot(page, 'email-compose');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Email sent').waitFor();

    const timeline = page.getByRole('list', { name: 'Interactions' });
    await timeline.getByText('Email sent').first().waitFor();
    await timeline.getByText(subject).waitFor();
    assert.equal(await page.getByLabel('Message').inputValue(), '');
    const sent = (await (await fetch(`${fakes.url}/__scenario/gmail/sent?account=default`)).json()) as {
      subject: string;
      to: string[];
      text: string;
    }[];
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.subject, subject);
    assert.deepEqual(sent[0]!.to, ['anders@example.org']);
    assert.match(sent[0]!.text, /Hälsningar, Eve/);

    // The first sync (queued on connect) brought in Anders' email too.
    await eventually(
      async () => (await timeline.getByText('Spectra').count()) > 0 || (await page.reload(), false),
      "the first sync brought in Anders' email",
    );
    await timeline.getByText('Spectra').waitFor();
    await timeline.getByText('Email received').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'email-timeline');
  });

  it('picks up new mail on the quarter-hourly cron', async () => {
    await fetch(`${fakes.url}/__scenario/gmail`, {
      method: 'POST',
      body: JSON.stringify({
        account: 'default',
        messages: [{ from: 'anders@example.org', to: 'eve@gmail.test', subject: 'Re: Catching up', text: 'Gladly! Friday?' }],
      }),
    });
    // Miniflare's own trigger (wrangler dev, ADR 071): it answers 500 when the handler fails.
    const cron = await fetch(`${app.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/15 * * * *')}`);
    assert.equal(cron.status, 200);
    const timeline = page.getByRole('list', { name: 'Interactions' });
    await eventually(
      async () => (await timeline.getByText('Gladly! Friday?').count()) > 0 || (await page.reload(), false),
      'the cron sync brought in the reply',
    );
    await timeline.getByText('Gladly! Friday?').waitFor();
  });
});
