import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';
import { eventually, focusSettles } from './support/wait.ts';

/** Creates contacts through the API with the browser's own session. */
async function seed(page: Page, url: string, people: Record<string, unknown>[]) {
  for (const body of people) {
    const res = await page.request.post(`${url}/api/v1/contacts`, { data: body, headers: { origin: url } });
    assert.equal(res.status(), 201, await res.text());
  }
}

const rowNames = (page: Page) => page.getByTestId('contact-name').evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));

async function waitForRows(page: Page, predicate: (names: string[]) => boolean, what: string) {
  let names: string[] = [];
  await eventually(async () => predicate((names = await rowNames(page))), `${what} (rows: ${JSON.stringify(names)})`, { everyMs: 100 });
  return names;
}

const PEOPLE = [
  { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', title: 'Mathematician', tags: ['math'], priority: 'high' },
  { first_name: 'Alan', last_name: 'Turing', tags: ['math'], twitter_handle: 'alan_t' },
  { first_name: 'Grace', last_name: 'Hopper', tags: ['navy'], source: 'csv' },
  { first_name: 'Edsger', last_name: 'Dijkstra', notes: 'Goto considered harmful' },
  { first_name: 'Barbara', last_name: 'Liskov', priority: 'low' },
  { first_name: 'Group', last_name: 'Member One', tags: ['2nd tier'], source: 'telegram' },
  { first_name: 'Group', last_name: 'Member Two', tags: ['2nd Tier'], source: 'telegram' },
  { first_name: 'Group', last_name: 'Member Three', tags: ['2ND TIER'], source: 'telegram' },
];
/** Their names, in the order they were added. */
const SEEDED = PEOPLE.map((p) => `${p.first_name} ${p.last_name}`);

describe('the contact list in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    app = await startApp({ name: 'contact-list' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await signUpInBrowser(page, app.url, 'Lena List', 'lena@example.com');
    await seed(page, app.url, PEOPLE);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('searches as you type, in place, with the query in the URL', async () => {
    await page.goto(`${app.url}/contacts`);
    await waitForRows(page, (n) => n.length === 8, 'all contacts');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.keyboard.press('/');
    await focusSettles(page, { id: 'contact-search' }, '"/" focuses the search box');
    await page.keyboard.type('lov', { delay: 60 });
    // Rows may show for "lo" first, while "lov" waits for that search to answer.
    await page.waitForURL(/[?&]q=lov(&|$)/);
    await waitForRows(page, (n) => n.length === 1 && n[0] === 'Ada Lovelace', 'search "lov"');
    await page.getByRole('searchbox').fill('@alan_t');
    await waitForRows(page, (n) => n.length === 1 && n[0] === 'Alan Turing', 'search "@alan_t"');
    assert.equal(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), true, 'no full page reload');
    await screenshot(page, 'contact-list-search');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await waitForRows(page, (n) => n.length === 8, 'search cleared');
  });

  it('typed fast, searches the whole text last and shows its rows', async () => {
    await page.goto(`${app.url}/contacts`);
    await waitForRows(page, (n) => n.length === 8, 'all contacts');
    const queries: string[] = [];
    const started = (request: { url(): string }) => {
      if (request.url().includes('_data=routes%2F_app._contact-list.contacts._index'))
        queries.push(new URL(request.url()).searchParams.get('q') ?? '');
    };
    page.on('request', started);
    try {
      await page.getByRole('searchbox').pressSequentially('lovelace', { delay: 15 });
      await page.waitForURL(/[?&]q=lovelace(&|$)/);
      await waitForRows(page, (n) => n.length === 1 && n[0] === 'Ada Lovelace', 'search "lovelace"');
      assert.equal(queries.at(-1), 'lovelace', `the last search sent is the full text (sent: ${JSON.stringify(queries)})`);
    } finally {
      page.off('request', started);
      await page.getByRole('button', { name: 'Clear search', exact: true }).click();
      await waitForRows(page, (n) => n.length === 8, 'search cleared');
    }
  });

  it('filters by tag and priority, and sorts by name until a contact has a score', async () => {
    await page.getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('menuitemcheckbox', { name: /navy/ }).click();
    await page.keyboard.press('Escape');
    await waitForRows(page, (n) => n.length === 1 && n[0] === 'Grace Hopper', 'tag navy');
    assert.match(page.url(), /tag=navy/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForRows(page, (n) => n.length === 8, 'filters cleared');
    await page.getByRole('button', { name: 'Priority' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Low' }).click();
    await page.keyboard.press('Escape');
    await waitForRows(page, (n) => n.length === 1 && n[0] === 'Barbara Liskov', 'priority low');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForRows(page, (n) => n.length === 8, 'filters cleared again');
    // Nobody has a score yet, so the list is by name, and the URL names no order (#43).
    const sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    const byName = [
      'Ada Lovelace',
      'Alan Turing',
      'Barbara Liskov',
      'Edsger Dijkstra',
      'Grace Hopper',
      'Group Member One',
      'Group Member Three',
      'Group Member Two',
    ];
    await waitForRows(page, (n) => JSON.stringify(n) === JSON.stringify(byName), 'by name, the default of an account without scores');
    assert.equal(await sort.inputValue(), 'name');
    assert.doesNotMatch(page.url(), /sort=/);
    await sort.selectOption('-created_at');
    const newestFirst = [...SEEDED].reverse();
    await waitForRows(page, (n) => JSON.stringify(n) === JSON.stringify(newestFirst), 'newest added first');
    assert.match(page.url(), /sort=-created_at/);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('sort='));
    await eventually(async () => (await sort.inputValue()) === 'name', 'the sort control follows back');
    await page.goForward();
    await page.waitForURL(/sort=-created_at/);
    await waitForRows(page, (n) => JSON.stringify(n) === JSON.stringify(newestFirst), 'forward to the newest first');
  });

  it('selects rows and tags them in bulk', async () => {
    await page.getByRole('checkbox', { name: 'Select Edsger Dijkstra' }).check();
    await page.getByRole('checkbox', { name: 'Select Barbara Liskov' }).check();
    await page.getByTestId('selection-count').filter({ hasText: '2 selected' }).waitFor();
    await screenshot(page, 'contact-list-selection');
    await page.getByRole('button', { name: 'Add tags…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tags').fill('pioneer, ma');
    // Existing tags complete the one being typed.
    await dialog.getByRole('group', { name: 'Suggestions' }).getByRole('button', { name: 'math' }).click();
    assert.equal(await dialog.getByLabel('Tags').inputValue(), 'pioneer, math, ');
    await dialog.getByLabel('Tags').pressSequentially('vip');
    await dialog.getByRole('button', { name: 'Add tags' }).click();
    await page.getByText('Tagged 2 contacts with pioneer, math, vip').waitFor();
    await page.getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('menuitemcheckbox', { name: /pioneer/ }).click();
    await page.keyboard.press('Escape');
    await waitForRows(page, (n) => n.length === 2 && n.includes('Edsger Dijkstra') && n.includes('Barbara Liskov'), 'tag pioneer');
  });

  it('deletes the selection after a confirmation', async () => {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByTestId('selection-count').filter({ hasText: '2 selected' }).waitFor();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Delete 2 contacts?' }).waitFor();
    await screenshot(page, 'contact-list-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForRows(page, (n) => n.length === 2, 'cancel keeps them');
    // The rows leave at once; the delete itself waits a few seconds for Undo.
    const deleteSelected = async () => {
      await page.getByRole('button', { name: 'Delete…' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Deleted 2 contacts').waitFor();
      await page.getByRole('heading', { name: 'No contacts match' }).waitFor();
    };
    await deleteSelected();
    await page.getByRole('button', { name: 'Undo' }).click();
    await waitForRows(page, (n) => n.length === 2, 'undo brings them back');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await deleteSelected();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await waitForRows(page, (n) => n.length === 6, 'six left');
  });

  it('deletes the 2nd Tier contacts after a dialog that shows their count', async () => {
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete 2nd Tier contacts' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('permanently deletes 3 contacts tagged').waitFor();
    await screenshot(page, 'contact-list-second-tier');
    await dialog.getByRole('button', { name: 'Delete 3 contacts' }).click();
    await page.getByText('Deleted 3 2nd Tier contacts').waitFor();
    await focusSettles(page, { label: 'More actions' }, 'focus returns to the menu button');
    const names = await waitForRows(page, (n) => n.length === 3, 'three left');
    assert.ok(!names.some((n) => n.startsWith('Group')));
    await screenshot(page, 'contact-list');
  });

  it('on a phone: labelled tabs at the bottom, the list as cards right under the search, filters in a sheet', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${app.url}/contacts`);
      // How many depends on whether the delete still waiting for Undo when the page reloaded
      // has landed (contact-detail tests that delete); this test is about the layout.
      await waitForRows(page, (n) => n.length > 0, 'the list').catch(async (error) => {
        // Seen twice in CI, not here: no rows for 15 s. What the page showed helps the next look.
        console.error(`the phone list at ${page.url()} showed:\n${await page.locator('main').innerText()}`);
        throw error;
      });
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Contacts', 'Map'])
        assert.equal(await nav.getByRole('link', { name, exact: true }).isVisible(), true, name);
      for (const name of ['Find', 'More']) assert.equal(await nav.getByRole('button', { name, exact: true }).isVisible(), true, name);
      const navBox = await nav.boundingBox();
      assert.ok(navBox && navBox.y + navBox.height >= 843, 'the tab bar sits at the bottom');
      assert.equal(
        await page.evaluate(() =>
          [document.documentElement, document.querySelector('main')!].every((el) => el.scrollWidth <= window.innerWidth),
        ),
        true,
        'no sideways scrolling',
      );
      // The list may load again meanwhile (a delete left waiting for Undo lands, and the page
      // shows that it is loading): measure once the page has settled, on a card that stays.
      await page.waitForFunction(() => {
        const router = (
          window as unknown as {
            __remixRouter?: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } };
          }
        ).__remixRouter;
        return (
          router?.state.navigation.state === 'idle' &&
          router.state.revalidation === 'idle' &&
          [...router.state.fetchers.values()].every((f) => f.state === 'idle')
        );
      });
      let firstRow: { y: number } | null = null;
      await eventually(
        async () =>
          (firstRow = await page
            .getByTestId('contact-name')
            .first()
            .boundingBox({ timeout: 1_000 })
            .catch(() => null)) !== null,
        'a contact card on the page',
      );
      // Right under the search: nothing but the table's header between them (a notice such as
      // the rate-limit banner may sit there too), and the first card high on the screen.
      const search = (await page.getByRole('searchbox').boundingBox())!;
      const gap = firstRow!.y - (search.y + search.height);
      const shown = async () => (await page.locator('main').innerText()).slice(0, 400).replace(/\s+/g, ' ');
      assert.ok(
        gap < 120 && firstRow!.y < 360,
        `the first contact starts at ${firstRow!.y}px, ${gap}px under the search; the page showed: ${await shown()}`,
      );
      await screenshot(page, 'contact-list-phone');

      await page.getByRole('button', { name: 'Filters' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters and smart lists' });
      await sheet.getByPlaceholder('City or country').fill('London');
      await sheet.getByPlaceholder('City or country').press('Enter');
      await page.waitForURL(/[?&]place=London/);
      await screenshot(page, 'contact-list-phone-filters');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Filters (1)' }).waitFor();

      await nav.getByRole('button', { name: 'More' }).click();
      const more = page.getByRole('dialog', { name: 'More' });
      await more.getByRole('button', { name: 'Log out' }).waitFor();
      await screenshot(page, 'nav-phone-more');
      await more.getByRole('link', { name: 'Organizations' }).click();
      await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
      assert.equal(await more.count(), 0, 'the sheet closes on navigation');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

describe('the contact list over the rate limit', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  before(async () => {
    // Eight requests per five-second window: the countdown ends in seconds, not up to a minute.
    app = await startApp({ name: 'contact-list-429', vars: { API_RATE_LIMIT_PER_MINUTE: '8', API_RATE_LIMIT_WINDOW_SECONDS: '5' } });
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('counts down after a 429 and then lets the user carry on', { timeout: 60_000 }, async () => {
    await signUpInBrowser(page, app.url, 'Lena List', 'rita@example.com');
    // The limit counts per clock window of 5 s: start at the beginning of one, so the budget
    // spent below is still spent when the page searches.
    const intoWindow = (Date.now() / 1000) % 5;
    if (intoWindow > 1) await new Promise((resolve) => setTimeout(resolve, (5.1 - intoWindow) * 1000));
    // Spend the rest of this window's budget, as a runaway script would, up to its first refusal:
    // on a busy machine twenty calls could outlast the window, and the search land in the next.
    for (let i = 0; i < 20; i++) if ((await page.request.get(`${app.url}/api/v1/contacts`)).status() === 429) break;
    await page.getByRole('searchbox').fill('someone');
    const seconds = page.getByTestId('rate-limit-seconds');
    await seconds.waitFor();
    await page.getByText('Too many requests. You can try again in').waitFor();
    assert.equal(await page.getByRole('searchbox').isDisabled(), true);
    await screenshot(page, 'contact-list-429');
    const first = Number(await seconds.textContent());
    assert.ok(first >= 1 && first <= 5, `countdown starts at ${first}`);
    if (first > 2)
      await eventually(async () => Number(await seconds.textContent()) < first, 'the countdown goes down', { timeoutMs: 5_000 });
    await seconds.waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(await page.getByRole('searchbox').isDisabled(), false);
    await page.getByRole('heading', { name: 'No contacts match' }).waitFor();
  });
});
