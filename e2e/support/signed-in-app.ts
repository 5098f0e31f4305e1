import type { Browser, Page } from 'playwright-core';
import { startFakeProviders } from '../../tests/fakes/fake-providers.ts';
import { launchBrowser, newPage } from './browser.ts';
import { startApp, type RunningApp } from './server.ts';
import { signUpInBrowser } from './session.ts';

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;

export interface SignedInApp {
  fakes: FakeProviders;
  app: RunningApp;
  browser: Browser;
  page: Page;
  stop(): Promise<void>;
}

/**
 * The world of a browser spec that talks to outside services: the fake providers, the app
 * wired to them (`vars` receives the fakes' base URL), and a page signed in as a new user.
 * Whatever started is stopped again if a later step fails.
 */
export async function startSignedInApp(options: {
  name: string;
  vars: (fakesUrl: string) => Record<string, string>;
  user: { name: string; email: string };
}): Promise<SignedInApp> {
  const fakes = await startFakeProviders();
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await app?.stop();
    await fakes.close();
  };
  try {
    app = await startApp({ name: options.name, vars: options.vars(fakes.url) });
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
