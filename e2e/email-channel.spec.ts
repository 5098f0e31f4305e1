import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startFakeProviders } from '../tests/fakes/fake-providers.ts';
import '../tests/fakes/google.ts';
import '../tests/fakes/gmail.ts';
import '../tests/fakes/google-calendar.ts';
import '../tests/fakes/openai.ts';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';

describe('the Email channel in the browser', () => {
  let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  const createContact = (body: Record<string, unknown>) =>
    page.evaluate(async (json) => {
      const res = await fetch('/api/v1/contacts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
      return ((await res.json()) as { data: { id: string } }).data.id;
    }, body);

  before(async () => {
    fakes = await startFakeProviders();
    app = await startApp({
      port: 8910,
      name: 'email-channel',
      vars: {
        GOOGLE_CLIENT_ID: 'test-google-client',
        GOOGLE_CLIENT_SECRET: 'test-google-secret',
        GOOGLE_OAUTH_URL: `${fakes.url}/google/accounts`,
        GOOGLE_TOKEN_URL: `${fakes.url}/google/oauth2`,
        GOOGLE_API_URL: `${fakes.url}/google/people`,
        GMAIL_API_URL: `${fakes.url}/google/gmail`,
        GOOGLE_CALENDAR_API_URL: `${fakes.url}/google/calendar`,
        ENCRYPTION_KEY: 'e2e-encryption-key',
        LLM_BASE_URL: `${fakes.url}/openai/v1`,
        LLM_API_KEY: 'test-llm-key',
      },
    });
    browser = await launchBrowser();
    page = await newPage(browser);
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Name').fill('Eve Email');
    await page.getByLabel('Email').fill('eve@example.com');
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/contacts$/);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  it('connects Gmail in Settings, drafts and sends an email from a contact page, and sees it on the timeline', async () => {
    await fetch(`${fakes.url}/__scenario/gmail`, {
      method: 'POST',
      body: JSON.stringify({
        account: 'default',
        emailAddress: 'eve@gmail.test',
        messages: [{ from: 'Anders Ångström <anders@example.org>', to: 'eve@gmail.test', subject: 'Spectra', text: 'Have you seen the new lines?', date: new Date(Date.now() - 86_400_000).toISOString() }],
      }),
    });
    const id = await createContact({ first_name: 'Anders', last_name: 'Ångström', emails: ['anders@example.org'], title: 'Physicist', company: 'Uppsala University' });

    // Before connecting, the composer says where to connect and does not send.
    await page.goto(`${app.url}/contacts/${id}`);
    await page.getByText('Connect Gmail in Settings → Integrations to send emails.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled(), true);
    await page.getByRole('heading', { name: 'Write a message' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
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
    const sent = (await (await fetch(`${fakes.url}/__scenario/gmail/sent?account=default`)).json()) as { subject: string; to: string[]; text: string }[];
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.subject, subject);
    assert.deepEqual(sent[0]!.to, ['anders@example.org']);
    assert.match(sent[0]!.text, /Hälsningar, Eve/);

    // The first sync (queued on connect) brought in Anders' email too.
    for (let i = 0; i < 20 && !(await timeline.getByText('Spectra').count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await timeline.getByText('Spectra').waitFor();
    await timeline.getByText('Email received').waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'email-timeline');
  });

  it('picks up new mail on the quarter-hourly cron', async () => {
    await fetch(`${fakes.url}/__scenario/gmail`, {
      method: 'POST',
      body: JSON.stringify({ account: 'default', messages: [{ from: 'anders@example.org', to: 'eve@gmail.test', subject: 'Re: Catching up', text: 'Gladly! Friday?' }] }),
    });
    const cron = await fetch(`${app.url}/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}`);
    assert.equal(cron.status, 200);
    const timeline = page.getByRole('list', { name: 'Interactions' });
    for (let i = 0; i < 20 && !(await timeline.getByText('Gladly! Friday?').count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await timeline.getByText('Gladly! Friday?').waitFor();
  });
});
