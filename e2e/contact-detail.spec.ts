import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { fakeProviders, INBOUND_EMAIL_SECRET as INBOUND_SECRET, providerSettings, type FakeProviders } from './support/fakes.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually, focusSettles } from './support/wait.ts';

describe('contact detail page', () => {
  let fakes: FakeProviders;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let bob: { id: string; bcc_address: string };
  let ada: { id: string };

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await page.request.fetch(`${app.url}/api/v1${path}`, { method, data: body, headers: { origin: app.url } });
    return { status: res.status(), body: res.status() === 204 ? null : await res.json() };
  };

  before(async () => {
    // BCC_DOMAIN and INBOUND_EMAIL_SECRET are among the providers' settings.
    fakes = await fakeProviders();
    app = await startApp({ name: 'contact-detail', vars: providerSettings(fakes.url), share: true });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Dana Detail', 'dana@example.com');
    ada = (
      await api('POST', '/contacts', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        emails: ['ada@example.org'],
        company: 'Analytical Engines',
        tags: ['math'],
      })
    ).body.data;
    bob = (
      await api('POST', '/contacts', {
        first_name: 'Bob',
        last_name: 'Babbage',
        phones: ['+44 20 7946 0000'],
        priority: 'high',
        location: 'Somewhere under the sea 🌊',
      })
    ).body.data;
    await api('POST', `/contacts/${bob.id}/meetings`, {
      title: 'Tea at the Royal Society',
      occurred_at: '2026-03-01T15:00:00Z',
      notes: 'Talked about engines',
    });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  it('edits a field in place: Enter saves, Escape cancels', async () => {
    await page.goto(`${app.url}/contacts/${bob.id}`);
    await page.getByRole('heading', { name: 'Bob Babbage' }).waitFor();
    await page.getByRole('button', { name: 'Edit Title' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Inventor');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Edit Title' }).filter({ hasText: 'Inventor' }).waitFor();
    await page.getByRole('button', { name: 'Edit Title' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Something else');
    await page.getByLabel('Title', { exact: true }).press('Escape');
    await page.getByRole('button', { name: 'Edit Title' }).waitFor();
    assert.equal((await api('GET', `/contacts/${bob.id}`)).body.data.title, 'Inventor');
    // Blur saves too.
    await page.getByRole('button', { name: 'Edit Tags' }).click();
    await page.getByLabel('Tags', { exact: true }).fill('engines, friends');
    await page.getByRole('heading', { name: 'Bob Babbage' }).click();
    await page.getByRole('button', { name: 'Edit Tags' }).filter({ hasText: 'friends' }).waitFor();
    assert.deepEqual((await api('GET', `/contacts/${bob.id}`)).body.data.tags, ['engines', 'friends']);
  });

  it('keeps an edit made offline on this device, says it waits, and sends it once back online (ADR 045)', async () => {
    await page.goto(`${app.url}/contacts/${bob.id}`);
    await page.getByRole('heading', { name: 'Bob Babbage' }).waitFor();
    await page.getByRole('button', { name: 'Edit Title' }).click();
    await page.context().setOffline(true);
    try {
      await page.getByLabel('Title', { exact: true }).fill('Engine designer');
      await page.getByLabel('Title', { exact: true }).press('Enter');
      // The edit waits on this device under the field, and the page is still there.
      await page.getByText('Waiting to send', { exact: true }).waitFor();
      await page.getByText('Your edit of Title:').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Bob Babbage' }).isVisible(), true);
      assert.equal((await api('GET', `/contacts/${bob.id}`)).body.data.title, 'Inventor');
      await screenshot(page, 'contact-offline-edit');
    } finally {
      await page.context().setOffline(false);
    }
    await page.getByRole('button', { name: 'Edit Title' }).filter({ hasText: 'Engine designer' }).waitFor({ timeout: 40_000 });
    await page.getByText('Waiting to send', { exact: true }).waitFor({ state: 'detached' });
    assert.equal((await api('GET', `/contacts/${bob.id}`)).body.data.title, 'Engine designer');
    await api('PATCH', `/contacts/${bob.id}`, { title: 'Inventor' });
  });

  it('shows a progress bar while a slow page loads', async () => {
    await page.goto(`${app.url}/contacts/${bob.id}`);
    await page.getByRole('heading', { name: 'Bob Babbage' }).waitFor();
    const slow = async (route: import('playwright-core').Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // A prefetch still waiting here when the route is removed has been handled meanwhile.
      await route.continue().catch(() => {});
    };
    await page.route(/_data=/, slow);
    try {
      await page.getByRole('link', { name: 'Organizations' }).click();
      await page.getByRole('progressbar', { name: 'Loading' }).waitFor();
      await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
      await page.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'detached' });
    } finally {
      await page.unroute(/_data=/, slow);
    }
    await page.goto(`${app.url}/contacts/${bob.id}`);
    await page.getByRole('heading', { name: 'Bob Babbage' }).waitFor();
  });

  it('suggests existing organizations for the company and links the one picked', async () => {
    await page.getByRole('button', { name: 'Edit Company' }).click();
    await page.getByRole('combobox', { name: 'Company' }).fill('anal');
    await page.getByRole('option', { name: 'Analytical Engines' }).waitFor();
    await screenshot(page, 'contact-detail-company-autocomplete');
    await page.getByRole('option', { name: 'Analytical Engines' }).click();
    await page.getByText('Inventor at Analytical Engines').waitFor();
    const contact = (await api('GET', `/contacts/${bob.id}`)).body.data;
    const adaNow = (await api('GET', `/contacts/${ada.id}`)).body.data;
    assert.equal(contact.company.id, adaNow.company.id);
  });

  it('refuses an email that belongs to another contact and offers to merge them', async () => {
    await page.getByRole('button', { name: 'Edit Emails' }).click();
    await page.getByLabel('Emails', { exact: true }).fill('ADA@example.org');
    await page.getByLabel('Emails', { exact: true }).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'already belongs to' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Ada Lovelace/);
    await screenshot(page, 'contact-detail-duplicate-rejected');
    assert.deepEqual((await api('GET', `/contacts/${bob.id}`)).body.data.emails, []);
    await alert.getByRole('button', { name: /Merge Ada Lovelace/ }).click();
    await page.getByRole('link', { name: 'ada@example.org' }).waitFor();
    assert.equal((await api('GET', `/contacts/${ada.id}`)).status, 404);
    const merged = (await api('GET', `/contacts/${bob.id}`)).body.data;
    assert.deepEqual(merged.emails, ['ada@example.org']);
    assert.deepEqual(merged.tags, ['engines', 'friends', 'math']);
  });

  it('adds, edits and deletes a note from the timeline', async () => {
    await page.getByLabel('New note').fill('Owes me a difference engine');
    await page.getByRole('button', { name: 'Add note' }).click();
    const item = page.getByTestId('timeline-item').filter({ hasText: 'Owes me a difference engine' });
    await item.waitFor();
    // The note's buttons appear on keyboard focus, not only on hover.
    const editButton = item.getByRole('button', { name: 'Edit note' });
    assert.equal(await editButton.evaluate((el) => getComputedStyle(el.parentElement!).opacity), '0');
    await editButton.focus();
    await editButton.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const check = () => (getComputedStyle(el.parentElement!).opacity === '1' ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
    await item.getByRole('button', { name: 'Edit note' }).click();
    await page.getByRole('textbox', { name: 'Note text' }).fill('Owes me an analytical engine');
    await page.getByRole('button', { name: 'Save note' }).click();
    const edited = page.getByTestId('timeline-item').filter({ hasText: 'Owes me an analytical engine' });
    await edited.waitFor();
    // Meetings have no edit buttons.
    assert.equal(
      await page
        .getByTestId('timeline-item')
        .filter({ hasText: 'Tea at the Royal Society' })
        .getByRole('button', { name: 'Edit note' })
        .count(),
      0,
    );
    page.once('dialog', (dialog) => dialog.accept());
    await edited.hover();
    // The row hides as soon as Delete is clicked; the reload must wait for the delete's own
    // answer (waitForLoadState('networkidle') returns at once on a page that has loaded, and the
    // full run reloaded before the POST landed).
    // Its own answer, not the edit's: the edited text shows before the edit's POST has answered.
    const deleted = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        new URL(r.url()).pathname === `/contacts/${bob.id}` &&
        (r.request().postData() ?? '').includes('delete-note'),
    );
    await edited.getByRole('button', { name: 'Delete note' }).click();
    await edited.waitFor({ state: 'detached' });
    await deleted;
    await page.reload();
    await page.getByTestId('timeline-item').filter({ hasText: 'Tea at the Royal Society' }).waitFor();
    assert.equal(await page.getByTestId('timeline-item').filter({ hasText: 'Owes me an analytical engine' }).count(), 0);
    const timeline = (await api('GET', `/contacts/${bob.id}/timeline`)).body.data;
    assert.deepEqual(
      timeline.map((i: any) => i.kind),
      ['meeting'],
    );
  });

  it('shows a BCC-logged long email truncated, and "Show more" expands it in place', async () => {
    const long = `Dear Bob, ${'the engine needs more gears and a sturdier frame. '.repeat(12)}THE END`;
    const raw = [
      `From: Dana <dana@example.com>`,
      `To: bob@example.com`,
      `Subject: Engine plans`,
      `Message-ID: <plans-1@example.com>`,
      `Date: Tue, 10 Mar 2026 09:00:00 +0000`,
      `Content-Type: text/plain; charset=utf-8`,
      '',
      long,
      '',
    ].join('\r\n');
    const res = await fetch(`${app.url}/api/v1/inbound/email?to=${encodeURIComponent(bob.bcc_address)}`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'message/rfc822', 'x-kith-inbound-secret': INBOUND_SECRET },
    });
    assert.equal(res.status, 201);
    await page.reload();
    const item = page.getByTestId('timeline-item').filter({ hasText: 'Engine plans' });
    await item.waitFor();
    assert.equal(await item.getByText('THE END').count(), 0);
    await item.getByRole('button', { name: 'Show more' }).click();
    await item.getByText(/THE END/).waitFor();
    assert.equal(await item.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded'), 'true');
    assert.match(await page.getByTestId('bcc-address').innerText(), /^log\+[a-z0-9]+@in\.kith\.test$/);
  });

  it('shows the whole page: profile, timeline, follow-ups, duplicates, groups, BCC address, menu', async () => {
    await api('POST', '/contacts', { first_name: 'B.', last_name: 'Babbage' });
    await page.reload();
    await page.getByRole('heading', { name: 'Possible duplicates' }).waitFor();
    await page.getByRole('link', { name: 'B. Babbage', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Common groups' }).waitFor();
    // Free text never geocodes (a real place such as "Atlantis" would: the gazetteer knows it): plain text, no map link.
    await page.getByText('Somewhere under the sea 🌊').first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'Somewhere under the sea 🌊' }).count(), 0);
    // The app scrolls inside <main>: a tall viewport makes the screenshot show the whole page.
    await page.setViewportSize({ width: 1280, height: 2000 });
    await screenshot(page, 'contact-detail-full');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete contact' }).waitFor();
    // Nothing is connected here: there is nothing to sync, so the menu does not offer it.
    assert.equal(await page.getByRole('menuitem', { name: 'Sync messages now' }).count(), 0);
    await screenshot(page, 'contact-detail-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Relationship score/ }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Reciprocity' }).waitFor();
    await screenshot(page, 'contact-detail-score-tooltip');
  });

  it('puts the person first: reach them in one tap, log or remind from the header, the timeline before the details', async () => {
    await api('PATCH', `/contacts/${bob.id}`, {
      emails: ['bob@example.org'],
      linkedin_url: 'https://www.linkedin.com/in/bob-babbage',
      twitter_handle: 'bobbage',
      telegram_username: 'bob_b',
    });
    await page.goto(`${app.url}/contacts/${bob.id}`);
    const quick = page.getByRole('group', { name: 'Quick actions' });
    assert.equal(await quick.getByRole('link', { name: 'Email' }).getAttribute('href'), 'mailto:bob@example.org');
    assert.equal(await quick.getByRole('link', { name: 'Call' }).getAttribute('href'), 'tel:+442079460000');
    assert.equal(await quick.getByRole('link', { name: 'LinkedIn' }).getAttribute('href'), 'https://www.linkedin.com/in/bob-babbage');
    assert.equal(await quick.getByRole('link', { name: 'X' }).getAttribute('href'), 'https://x.com/bobbage');
    assert.equal(await quick.getByRole('link', { name: 'Telegram' }).getAttribute('href'), 'https://t.me/bob_b');
    // In the details the values are links, and editing is a button of its own.
    const details = page.getByRole('complementary', { name: 'About this contact' });
    assert.equal(await details.getByRole('link', { name: 'bob@example.org' }).getAttribute('href'), 'mailto:bob@example.org');
    assert.equal(await details.getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href'), 'tel:+442079460000');
    await details.getByRole('button', { name: 'Edit Phones' }).click();
    await page.getByLabel('Phones', { exact: true }).press('Escape');

    // The composer comes before the details, so adding a note is near the top even on a phone.
    const noteBox = await page.getByLabel('New note').boundingBox();
    const detailsBox = await details.boundingBox();
    assert.ok(noteBox && detailsBox && noteBox.y < 400, `the note box starts at ${noteBox?.y}`);
    await quick.getByRole('button', { name: 'Log interaction' }).click();
    assert.equal(await page.getByRole('tab', { name: 'Log a conversation' }).getAttribute('aria-selected'), 'true');
    await focusSettles(page, { name: 'kind' }, 'Log interaction focuses the kind');
    // "Remind me" opens where it was tapped, with presets; Escape gives focus back.
    await quick.getByRole('button', { name: 'Remind me' }).click();
    const remind = page.getByRole('dialog', { name: 'Remind me' });
    await remind.waitFor();
    assert.deepEqual(
      (await remind.getByRole('group', { name: 'When' }).getByRole('button').allInnerTexts()).map((t) => t.split('\n')[0]),
      ['Tomorrow', 'Next week', 'In a month'],
    );
    assert.equal(await remind.getByRole('button', { name: /^Tomorrow/ }).evaluate((b) => b === document.activeElement), true);
    await page.keyboard.press('Escape');
    await remind.waitFor({ state: 'detached' });
    assert.equal(await quick.getByRole('button', { name: 'Remind me' }).evaluate((b) => b === document.activeElement), true);
    const before = (await api('GET', `/contacts/${bob.id}/reminders`)).body.data.length;
    await quick.getByRole('button', { name: 'Remind me' }).click();
    await screenshot(page, 'remind-me-popover');
    await remind.getByRole('button', { name: /^Next week/ }).click();
    await page.getByText(/^Reminder set for \w{3} \d{1,2} \w{3}$/).waitFor();
    await remind.waitFor({ state: 'detached' });
    assert.equal((await api('GET', `/contacts/${bob.id}/reminders`)).body.data.length, before + 1, 'the reminder is set');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Note' }).click();
    const phoneNote = await page.getByLabel('New note').boundingBox();
    const phoneDetails = await details.boundingBox();
    assert.ok(phoneNote && phoneDetails && phoneNote.y < phoneDetails.y, 'on a phone the timeline comes before the details');
    assert.equal(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth && document.querySelector('main')!.scrollWidth <= window.innerWidth,
      ),
      true,
    );
    // Only the main area scrolls: the page as a whole never does, so the tab bar stays on screen
    // and no blank space opens under it when a swipe runs past the end of the details.
    await page.evaluate(() => document.querySelector('main')!.scrollTo(0, 1e6));
    assert.ok(phoneDetails.y > 844, `the details start below the first screen (${phoneDetails.y})`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollHeight), 844, 'the document is no taller than the screen');
    const tabBar = await page.getByRole('navigation', { name: 'Main' }).last().boundingBox();
    assert.ok(tabBar && tabBar.y + tabBar.height <= 844, `the tab bar ends at ${tabBar && tabBar.y + tabBar.height}`);
    await page.setViewportSize({ width: 390, height: 1800 });
    await screenshot(page, 'contact-detail-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('reviews duplicates side by side and dismisses one, which is not suggested again', async () => {
    await page.getByRole('link', { name: 'Compare side by side' }).click();
    await page.getByRole('heading', { name: /Possible duplicates of Bob Babbage/ }).waitFor();
    await screenshot(page, 'duplicates-review');
    await page.getByRole('button', { name: 'Not a duplicate' }).click();
    await page.getByText('No likely duplicates left').waitFor();
    await page.goto(`${app.url}/contacts/${bob.id}`);
    await page.getByText('No likely duplicates.').waitFor();
  });
  it('deletes a contact from its page with Undo for a few seconds, then for good', async () => {
    const carl = (await api('POST', '/contacts', { first_name: 'Carl', last_name: 'Temporary' })).body.data;
    const deleteCarl = async () => {
      await page.goto(`${app.url}/contacts/${carl.id}`);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete contact' }).click();
      await page.waitForURL(/\/contacts$/);
      await page.getByText('Deleted Carl Temporary').waitFor();
      assert.equal(await page.getByTestId('contact-name').filter({ hasText: 'Carl Temporary' }).count(), 0, 'hidden from the list at once');
    };
    const deletes: string[] = [];
    const onRequest = (request: import('playwright-core').Request) =>
      request.url().endsWith('/api/v1/contacts/bulk') && deletes.push(request.postData() ?? '');
    page.on('request', onRequest);
    try {
      await deleteCarl();
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('heading', { name: 'Carl Temporary' }).waitFor();
      assert.equal((await api('GET', `/contacts/${carl.id}`)).status, 200);

      // The page's timers from here on run on a clock the test moves: the six seconds of the
      // undo window pass at once instead of being waited out.
      await page.clock.install();
      await deleteCarl();
      assert.equal((await api('GET', `/contacts/${carl.id}`)).status, 200, 'kept during the undo window');
      await page.clock.fastForward(6_500);
      await eventually(
        async () => (await api('GET', `/contacts/${carl.id}`)).status === 404,
        'the delete went through after the undo window',
        { everyMs: 250, timeoutMs: 10_000 },
      );
      // One delete reached Kith over both windows: the one taken back was never sent.
      assert.equal(deletes.length, 1);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('breaks nothing in the page Content-Security-Policy (no inline style, no image from another site)', () => {
    assert.deepEqual(cspViolations, []);
  });
});
