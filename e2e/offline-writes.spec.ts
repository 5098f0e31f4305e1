import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openAdasPage, openPhone, waiting } from './support/offline-phone.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { eventually } from './support/wait.ts';

// Writes made offline (ADR 045, issue #43): on a phone with no connection, a note, a logged
// coffee, an inline edit and a reminder are kept on the device and shown as "Waiting to send";
// back online each lands once. An edit whose field changed on Kith meanwhile asks which value stays.

interface Interaction {
  kind: string;
  subject: string | null;
  body: string | null;
}

const pageErrors: string[] = [];

const phone = (browser: Browser) => openPhone(browser, pageErrors);

describe('writes made offline wait on the phone and land once', () => {
  let app: RunningApp;
  let browser: Browser;

  before(async () => {
    app = await startApp({ name: 'offline-writes' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Signs up, makes Ada and opens her page (e2e/support/offline-phone.ts), with what the checks read of her. */
  async function onAdasPage(page: Page, who: string) {
    const { api, ada } = await openAdasPage(page, app.url, who);
    const timeline = async () => (await api(`/api/v1/contacts/${ada.id}/timeline?limit=200`)).data as Interaction[];
    const title = async () => ((await api(`/api/v1/contacts/${ada.id}`)).data as { title: string | null }).title;
    return { api, ada, timeline, title };
  }

  it('keeps a note, a coffee and an edit made offline as "Waiting to send", and sends each once when back online', async () => {
    const { context, page } = await phone(browser);
    const { timeline, title } = await onAdasPage(page, 'Olga Offline');
    const atStart = (await timeline()).length;

    // The page was loaded online (navigator.onLine is true on a cold offline load in Playwright).
    await context.setOffline(true);

    await page.getByLabel('New note').fill('Lent me her notes on the engine');
    await page.getByRole('button', { name: 'Add note' }).click();
    const queued = page.getByTestId('queued-write');
    await queued.filter({ hasText: 'Lent me her notes on the engine' }).getByText('Waiting to send').waitFor();
    assert.equal(await page.getByLabel('New note').inputValue(), '', 'the form clears once the note is kept');

    await page.getByRole('tab', { name: 'Log a conversation' }).click();
    const log = page.getByRole('form', { name: 'Log a conversation' });
    await log.getByLabel('What happened').selectOption('coffee');
    await log.getByLabel('Conversation title').fill('Flat white at the Royal Society');
    await log.getByRole('button', { name: 'Log it' }).click();
    await queued.filter({ hasText: 'Flat white at the Royal Society' }).getByText('Waiting to send').waitFor();
    assert.match(await queued.filter({ hasText: 'Flat white' }).innerText(), /Coffee/);

    await page.getByRole('button', { name: 'Edit Title: Analyst' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Enchantress of Numbers');
    await page.getByRole('textbox', { name: 'Title', exact: true }).press('Enter');
    await page.getByText('Your edit of Title:').waitFor();
    await eventually(async () => (await waiting(page).count()) === 3, 'the note, the coffee and the edit wait');
    await screenshot(page, 'offline-writes-waiting-390');
    assert.deepEqual(await axeViolations(page), []);

    // Nothing reached Kith.
    assert.equal((await timeline()).length, atStart);
    assert.equal(await title(), 'Analyst');

    await context.setOffline(false);
    await eventually(async () => (await waiting(page).count()) === 0, 'every queued write was sent', { timeoutMs: 40_000 });
    await page.getByTestId('timeline-item').filter({ hasText: 'Lent me her notes on the engine' }).waitFor();
    await page.getByTestId('timeline-item').filter({ hasText: 'Flat white at the Royal Society' }).waitFor();
    await page.getByRole('button', { name: 'Edit Title: Enchantress of Numbers' }).waitFor();
    assert.equal(await queued.count(), 0);

    // Each landed exactly once, also after the page sends again (a reload replays at start).
    const landed = async () => {
      const items = await timeline();
      return {
        notes: items.filter((i) => i.kind === 'note' && i.body === 'Lent me her notes on the engine').length,
        coffees: items.filter((i) => i.kind === 'coffee' && i.subject === 'Flat white at the Royal Society').length,
        notesAndLogs: items.filter((i) => i.kind === 'note' || i.kind === 'coffee').length,
      };
    };
    assert.deepEqual(await landed(), { notes: 1, coffees: 1, notesAndLogs: 2 });
    assert.equal(await title(), 'Enchantress of Numbers');
    await page.reload();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    assert.deepEqual(await landed(), { notes: 1, coffees: 1, notesAndLogs: 2 });
    await screenshot(page, 'offline-writes-landed-390');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('keeps reminders set offline from "Remind me" (a preset and a picked day) as "Waiting to send", and sets each once back online', async () => {
    const { context, page } = await phone(browser);
    const { api, ada } = await onAdasPage(page, 'Rita Reminder');
    const reminders = async () =>
      ((await api(`/api/v1/contacts/${ada.id}/reminders`)).data as { remind_on: string; note: string | null }[]).map((r) =>
        `${r.remind_on} ${r.note ?? ''}`.trim(),
      );
    const picked = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

    await context.setOffline(true);
    const remindMe = page.getByRole('button', { name: 'Remind me', exact: true });
    await remindMe.click();
    const popover = page.getByRole('dialog', { name: 'Remind me' });
    const nextWeek = popover.getByRole('button', { name: /^Next week/ });
    await nextWeek.click();
    await page.getByText(/saved on this device: it will be set when you are back online/).waitFor();
    await popover.waitFor({ state: 'detached' });
    await eventually(() => remindMe.evaluate((el) => el === document.activeElement), 'focus is back on Remind me');

    await remindMe.click();
    await popover.getByLabel('Pick a date').fill(picked);
    await popover.getByLabel('Reminder note').fill('Ask about the Analytical Engine');
    await popover.getByRole('button', { name: 'Set reminder' }).click();
    await popover.waitFor({ state: 'detached' });

    const queued = page.getByTestId('queued-reminder');
    await eventually(async () => (await queued.count()) === 2, 'both reminders wait in Keep in touch');
    await queued.filter({ hasText: 'Ask about the Analytical Engine' }).getByText('Waiting to send').waitFor();
    assert.equal(await queued.filter({ hasText: 'Waiting to send' }).count(), 2);
    await screenshot(page, 'offline-reminders-waiting-390');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await reminders(), [], 'nothing reached Kith');

    await context.setOffline(false);
    await eventually(async () => (await queued.count()) === 0, 'both reminders were sent', { timeoutMs: 40_000 });
    const due = page.getByRole('list', { name: 'Due for this contact' });
    await due.getByText('Ask about the Analytical Engine').waitFor();
    const set = await reminders();
    assert.equal(set.length, 2);
    assert.ok(set.includes(`${picked} Ask about the Analytical Engine`), set.join(', '));

    // Sent again (a reload replays at start): still two.
    await page.reload();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    assert.equal((await reminders()).length, 2);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('lands a note once when its first try reached Kith but the answer was lost on the way back', async () => {
    const { context, page } = await phone(browser);
    const { timeline } = await onAdasPage(page, 'Lena Lost');
    // The connection drops after Kith wrote the note, before its answer arrives.
    let reached = 0;
    const loseTheAnswer = async (route: import('playwright-core').Route) => {
      // A request still here when the route or the context goes has been handled meanwhile.
      if (route.request().method() !== 'POST' || !route.request().postData()?.includes('soir')) return route.fallback().catch(() => {});
      await route.fetch();
      reached++;
      await route.abort('internetdisconnected').catch(() => {});
    };
    await context.route(/\/contacts\//, loseTheAnswer);
    await page.getByLabel('New note').fill('Met at the soirée');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByTestId('queued-write').filter({ hasText: 'Met at the soirée' }).getByText('Waiting to send').waitFor();
    // The page may already have sent it again (it replays as soon as a write waits): same key.
    assert.ok(reached >= 1, 'the first try reached Kith');
    const notes = async () => (await timeline()).filter((i) => i.kind === 'note' && i.body === 'Met at the soirée').length;
    assert.equal(await notes(), 1);

    await context.unroute(/\/contacts\//, loseTheAnswer);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waiting(page).waitFor({ state: 'detached', timeout: 40_000 });
    await page.getByTestId('timeline-item').filter({ hasText: 'Met at the soirée' }).waitFor();
    assert.equal(await page.getByTestId('timeline-item').filter({ hasText: 'Met at the soirée' }).count(), 1);
    assert.equal(await notes(), 1, 'sent twice, written once');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('asks "Keep mine / Keep the one on Kith" when the field changed on Kith while the edit waited', async () => {
    const { context, page } = await phone(browser);
    const { api, ada, title } = await onAdasPage(page, 'Carl Conflict');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit Title: Analyst' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Countess');
    await page.getByRole('textbox', { name: 'Title', exact: true }).press('Enter');
    await waiting(page).waitFor();
    // Meanwhile another device changes the same field on Kith.
    await api(`/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { title: 'Mathematician' } });

    await context.setOffline(false);
    const choice = page.getByRole('group', { name: 'Title changed meanwhile' });
    await choice.waitFor({ timeout: 40_000 });
    assert.match(await choice.innerText(), /Countess/);
    assert.match(await choice.innerText(), /Mathematician/);
    assert.equal(await title(), 'Mathematician', 'nothing was overwritten before the user chose');
    await screenshot(page, 'offline-writes-conflict-390');
    assert.deepEqual(await axeViolations(page), []);

    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByRole('button', { name: 'Edit Title: Countess' }).waitFor({ timeout: 20_000 });
    await choice.waitFor({ state: 'detached' });
    assert.equal(await title(), 'Countess');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
