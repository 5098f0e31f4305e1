import type { Page } from 'playwright-core';

/** Signs up through the real form and returns a helper to call the API as that user. */
export async function signUpInBrowser(page: Page, baseUrl: string, name = 'E2E User', email = `e2e-${Date.now()}@example.com`) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill('a good long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/contacts/);
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
