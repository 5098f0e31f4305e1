import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, screenshotOf } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually } from './support/wait.ts';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "12 Apr 2026", as the contact page writes a due date. */
const shown = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
};
/** Calendar months added, clamped to the month end (the rule under test). */
const addMonth = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m! + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(y!, m!, Math.min(d!, last)));
};

/** The page scrolls inside its main area, so the card under test is captured on its own too. */
const cardShot = (page: Page, title: string, name: string) =>
  screenshotOf(page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) }).first(), name);

describe('keep in touch', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let contactId: string;
  let api: Awaited<ReturnType<typeof signUpInBrowser>>['api'];
  const met = Date.now() - 20 * DAY;

  before(async () => {
    app = await startApp({ name: 'keep-in-touch' });
    browser = await launchBrowser();
    page = await newPage(browser);
    ({ api } = await signUpInBrowser(page, app.url, 'Kit Keeper'));
    await api('/api/v1/me', { method: 'PATCH', json: { time_zone: 'UTC' } });
    contactId = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Kim', last_name: 'Keep', priority: 'high' } })).data
      .id;
    await api(`/api/v1/contacts/${contactId}/meetings`, {
      method: 'POST',
      json: { title: 'Lunch', occurred_at: new Date(met).toISOString() },
    });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const nextDue = () => page.getByLabel('Next due').textContent();
  const score = async () =>
    Number(
      (await page
        .getByRole('button', { name: /^Relationship score/ })
        .first()
        .getAttribute('aria-label'))!.match(/([\d.]+) of 10/)![1],
    );

  it('sets a cadence, logs a coffee, and sees the due date move and the score change', async () => {
    await page.goto(`${app.url}/contacts/${contactId}`);
    await page.getByLabel('Keep in touch', { exact: true }).selectOption({ label: 'Every month' });
    const fromLunch = addMonth(isoDay(met));
    await page.getByLabel('Next due').getByText(shown(fromLunch)).waitFor();
    const before = await score();

    await page.getByRole('tab', { name: 'Log a conversation' }).click();
    // The date starts at now, in the browser's zone (this browser runs in UTC).
    assert.match(await page.getByLabel('When', { exact: true }).inputValue(), new RegExp(`^${isoDay(Date.now())}T\\d\\d:\\d\\d$`));
    await page.getByLabel('What happened').selectOption('coffee');
    await page.getByLabel('Conversation title').fill('Coffee at the corner');
    await page.getByRole('button', { name: 'Log it' }).click();
    await page.getByText('Coffee at the corner').waitFor();
    const fromCoffee = addMonth(isoDay(Date.now()));
    await page.getByLabel('Next due').getByText(shown(fromCoffee)).waitFor();
    assert.notEqual(fromCoffee, fromLunch);
    assert.match((await nextDue()) ?? '', new RegExp(shown(fromCoffee)));
    await eventually(async () => (await score()) > before, `the score moves up after the coffee (was ${before})`, {
      timeoutMs: 5_000,
      everyMs: 200,
    });
    await page.setViewportSize({ width: 1360, height: 860 });
    await screenshot(page, 'keep-in-touch-contact-1360');
    await cardShot(page, 'Keep in touch', 'keep-in-touch-card-1360');
    await cardShot(page, 'Timeline', 'keep-in-touch-timeline-1360');
  });

  it('sets a dated reminder, snoozes it and reads it in the calendar feed, then marks it done', async () => {
    const on = isoDay(Date.now() + 3 * DAY);
    await page.getByLabel('Remind me on').fill(on);
    await page.getByLabel('Reminder note').fill('Ask about the new job, and Lisbon');
    await page.getByRole('button', { name: 'Set reminder' }).click();
    const due = page.getByRole('list', { name: 'Due for this contact' });
    await due.getByText('Ask about the new job, and Lisbon').waitFor();
    await due.getByText('due in 3 days').waitFor();

    await page.getByRole('button', { name: 'Snooze Kim Keep: Ask about the new job, and Lisbon' }).click();
    await page.getByRole('menuitem', { name: '1 week' }).click();
    await due.getByText('due in 7 days').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'keep-in-touch-contact-390');
    await cardShot(page, 'Keep in touch', 'keep-in-touch-card-390');

    // Home: one agenda with the reminder this week.
    await page.setViewportSize({ width: 1360, height: 860 });
    await page.goto(`${app.url}/home`);
    await page.getByRole('list', { name: 'This week' }).getByText('Ask about the new job, and Lisbon').waitFor();
    await screenshot(page, 'keep-in-touch-home-1360');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'keep-in-touch-home-390');

    // Settings: the feed URL, read as a calendar app would (no session).
    await page.setViewportSize({ width: 1360, height: 860 });
    await page.goto(`${app.url}/settings`);
    await page.getByRole('button', { name: 'Create feed URL' }).click();
    const url = (await page.getByTestId('new-token').textContent())!.trim();
    await screenshot(page, 'keep-in-touch-settings-1360');
    await cardShot(page, 'Calendar feed', 'keep-in-touch-feed-card-1360');
    const res = await fetch(url.replace(/^https?:\/\/[^/]+/, app.url));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const text = (await res.text()).replace(/\r\n[ \t]/g, '');
    const snoozed = isoDay(Date.now() + 7 * DAY).replaceAll('-', '');
    assert.match(text, /SUMMARY:Kim Keep: Ask about the new job\\, and Lisbon/);
    assert.match(text, new RegExp(`DTSTART;VALUE=DATE:${snoozed}`));
    assert.match(text, /SUMMARY:Kim Keep: Keep in touch every month/);

    await page.goto(`${app.url}/contacts/${contactId}`);
    await page.getByRole('button', { name: 'Done: Kim Keep: Ask about the new job, and Lisbon' }).click();
    await page
      .getByRole('list', { name: 'Due for this contact' })
      .getByText('Ask about the new job, and Lisbon')
      .waitFor({ state: 'detached' });
    const after = (await (await fetch(url.replace(/^https?:\/\/[^/]+/, app.url))).text()).replace(/\r\n[ \t]/g, '');
    assert.doesNotMatch(after, /Ask about the new job/);
  });

  it('sets default cadences in Settings', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByLabel('High priority: every how many').fill('2');
    await page.getByLabel('High priority: unit').selectOption('week');
    await page.getByRole('button', { name: 'Save cadences' }).click();
    await page.getByText('Default cadences saved').waitFor();
    const settings = (await api('/api/v1/settings/keep-in-touch')).data;
    assert.deepEqual(settings.cadence_defaults.high, { every: 2, unit: 'week' });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'keep-in-touch-settings-390');
    await cardShot(page, 'Keep in touch: default cadence', 'keep-in-touch-defaults-card-390');
  });
});
