import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { cspViolations, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';
import { signUpInBrowser } from './support/session.ts';

// Issue 47 / ADR 042: an MCP client sends the user to Kith's consent page; Allow sends the
// browser back to the client with a code (through the page's widened form-action), the code
// becomes tokens that reach /mcp, and Settings → Connected apps disconnects it.

const REDIRECT_URI = 'https://client.example/callback';
const base64url = (bytes: Buffer) => bytes.toString('base64url');

describe('the OAuth consent page for an MCP client', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let clientId = '';
  const returned: URL[] = [];

  before(async () => {
    app = await startApp({ name: 'oauth-consent' });
    browser = await launchBrowser();
    page = await newPage(browser);
    await page.route('https://client.example/**', (route) => {
      returned.push(new URL(route.request().url()));
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Back in the app</title><p>Connected</p>',
      });
    });
    await signUpInBrowser(page, app.url, 'Olga Oauth');
    const registered = await fetch(`${app.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Claude', redirect_uris: [REDIRECT_URI] }),
    });
    assert.equal(registered.status, 201);
    clientId = ((await registered.json()) as { client_id: string }).client_id;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  function consentUrl(verifier: string) {
    const url = new URL(`${app.url}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      scope: 'contacts:read contacts:write',
      state: 'journey',
    }).toString();
    return url.toString();
  }

  for (const width of [1280, 390]) {
    it(`shows who asks, where it goes back and what it asks, at ${width} px, with no axe violations`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(consentUrl(base64url(randomBytes(32))));
      await page.getByRole('heading', { name: 'Allow “Claude” to reach your contacts?' }).waitFor();
      await page.getByText('client.example').waitFor();
      await page.getByRole('list', { name: 'What the app asks for' }).getByText('contacts:write').waitFor();
      await page.getByRole('button', { name: 'Allow' }).waitFor();
      await screenshot(page, `oauth-consent-${width}`);
      assert.deepEqual(await axeViolations(page), []);
    });
  }

  it('Allow sends the browser back with a code that becomes tokens for /mcp; Settings disconnects the app', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const verifier = base64url(randomBytes(32));
    const before = cspViolations.length;
    await page.goto(consentUrl(verifier));
    await page.getByLabel('Only read contacts').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/^https:\/\/client\.example\/callback/);
    assert.deepEqual(cspViolations.slice(before), []);
    const back = returned.at(-1)!;
    assert.equal(back.searchParams.get('state'), 'journey');
    const code = back.searchParams.get('code');
    assert.ok(code);

    const token = await fetch(`${app.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    assert.equal(token.status, 200);
    const { access_token, scope } = (await token.json()) as { access_token: string; scope: string };
    assert.equal(scope, 'contacts:read');
    const mcp = (jsonrpc: object) =>
      fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(jsonrpc),
      });
    assert.equal((await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).status, 200);

    await page.goto(`${app.url}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Connected apps' }) });
    await card.getByText('reads contacts, never those tagged “private”').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-connected-apps');
    await card.getByRole('button', { name: 'Disconnect Claude' }).click();
    await card.getByText('No apps connected.').waitFor();
    assert.equal((await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).status, 401);
  });
});
