import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations } from './browser.ts';
import { signUpInBrowser } from './session.ts';
import { eventually } from './wait.ts';

// The set-up of the journeys that take a phone offline (ADR 045, issue #43): e2e/offline-writes
// and e2e/offline-refused-writes. Unlike newPage, the phone keeps Kith's service worker: it is
// what answers offline.

/** The phone of issue #43: 390 px wide, touch; its page errors go into `pageErrors`, which each journey checks. */
export async function openPhone(browser: Browser, pageErrors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    pageErrors.push(error.message);
    console.error(`[page error] ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { context, page };
}

/** The mark of a write kept on the device until it is sent. */
export const waiting = (page: Page) => page.getByText('Waiting to send', { exact: true });

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Signs `who` up, makes Ada and opens her page, loaded and controlled by the service worker. */
export async function openAdasPage(page: Page, appUrl: string, who: string) {
  const { api } = await signUpInBrowser(page, appUrl, who, `${who.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`);
  const ada = (await api('/api/v1/contacts', { method: 'POST', json: { first_name: 'Ada', last_name: 'Lovelace', title: 'Analyst' } }))
    .data as { id: string };
  await page.goto(`${appUrl}/contacts/${ada.id}`);
  await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  await eventually(() => controlled(page), 'the service worker controls the page');
  return { api, ada };
}
