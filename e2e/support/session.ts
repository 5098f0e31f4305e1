import type { Page } from 'playwright-core';

const PASSWORD = 'a good long password';

/**
 * Signs a new user up in the page's browser context and opens their (empty) contact list, where
 * the sign-up form lands; answers a helper to call the API as that user. The account is made
 * through `POST /api/v1/auth/signup`, whose session cookie lands in the context as the form's
 * does, with the time zone the form would send (the browser's): loading the form page to fill
 * it in cost each of some forty journeys a page load it does not test. The form itself is the
 * subject of e2e/accounts-and-contacts.spec.ts, which fills it in.
 */
export async function signUpInBrowser(page: Page, baseUrl: string, name = 'E2E User', email = `e2e-${Date.now()}@example.com`) {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const res = await page.request.post(`${baseUrl}/api/v1/auth/signup`, {
    headers: { origin: baseUrl },
    data: { name, email, password: PASSWORD, time_zone: timeZone },
  });
  if (res.status() !== 201) throw new Error(`signing up ${email}: ${res.status()} ${await res.text()}`);
  await page.goto(`${baseUrl}/contacts`);
  return {
    email,
    api: async (path: string, init: { method?: string; json?: unknown } = {}) => {
      const res = await page.request.fetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        data: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      if (!res.ok()) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status()} ${await res.text()}`);
      return res.status() === 204 ? null : res.json();
    },
  };
}
