import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser.ts';
import { fakeProviders, providerSettings, type FakeProviders } from './fakes.ts';
import { startApp, type RunningApp } from './server.ts';
import { signUpInBrowser } from './session.ts';

export type { FakeProviders };

export interface SignedInApp {
  fakes: FakeProviders;
  app: RunningApp;
  browser: Browser;
  page: Page;
  stop(): Promise<void>;
}

/**
 * The world of a browser spec that talks to outside services: the fake providers, the app
 * wired to them, and a page signed in as a new user. Without `vars` the app is the runner's
 * server wired to every fake (`providerSettings`), shared with the other specs that ask for it;
 * `vars` (given the fakes' base URL) asks for a server with those settings alone.
 * Whatever started is stopped again if a later step fails.
 */
export async function startSignedInApp(options: {
  name: string;
  vars?: (fakesUrl: string) => Record<string, string>;
  user: { name: string; email: string };
}): Promise<SignedInApp> {
  const fakes = await fakeProviders();
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await app?.stop();
    await fakes.close();
  };
  try {
    app = options.vars
      ? await startApp({ name: options.name, vars: options.vars(fakes.url) })
      : await startApp({ name: options.name, vars: providerSettings(fakes.url), share: true });
    browser = await launchBrowser();
    const page = await newPage(browser);
    await signUpInBrowser(page, app.url, options.user.name, options.user.email);
    return { fakes, app, browser, page, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Creates a contact through the API as the page's signed-in user; answers its id. */
export function createContactAs(page: Page, body: Record<string, unknown>): Promise<string> {
  return page.evaluate(async (json) => {
    const res = await fetch('/api/v1/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return ((await res.json()) as { data: { id: string } }).data.id;
  }, body);
}
