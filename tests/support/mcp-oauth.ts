import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { as, call, json, ORIGIN, type Session } from './client';

// An MCP client's side of Kith's OAuth (ADR 042), as the SDK's own auth() runs it: it keeps
// what a real client keeps (its registration, PKCE verifier, tokens) and, where a real client
// opens a browser, records the consent URL for the test to walk as the signed-in user.

export const REDIRECT_URI = 'https://client.example/callback';

/** SELF.fetch for the SDK: every request reaches the real Worker. */
export const workerFetch = (url: string | URL, init?: RequestInit) => SELF.fetch(String(url), init);

export class TestOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  consentUrl?: URL;
  constructor(
    readonly name = 'Claude',
    readonly redirectUri = REDIRECT_URI,
  ) {}
  get redirectUrl() {
    return this.redirectUri;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'state-123';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.consentUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The consent page as `me` sees it, and its CSRF token. */
export async function openConsent(me: Session, consentUrl: URL) {
  const page = await as(me, consentUrl.pathname + consentUrl.search);
  const html = await page.text();
  return { page, html, csrf: html.match(/name="csrf" value="([0-9a-f]+)"/)?.[1] ?? '' };
}

/** The consent form's fields; a list (the tools ticked) is sent as the browser sends checkboxes, one entry each. */
export type ConsentFields = Record<string, string | string[]>;

export function consentBody(csrf: string, fields: ConsentFields): URLSearchParams {
  const body = new URLSearchParams({ csrf });
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
}

/** Answers the consent page as `me`; gives where the browser is sent (the app's redirect URI). */
export async function answerConsent(me: Session, consentUrl: URL, fields: ConsentFields) {
  const { csrf } = await openConsent(me, consentUrl);
  const res = await as(me, consentUrl.pathname + consentUrl.search, { method: 'POST', body: consentBody(csrf, fields) });
  expect(res.status, await res.clone().text()).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** A token request to /oauth/token as a client makes it. */
export const tokenRequest = (fields: Record<string, string>) =>
  SELF.fetch(`${ORIGIN}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/**
 * The whole flow in plain HTTP, as any OAuth client does it: registers `name`, has `me` allow
 * it on the consent page, trades the code. Gives the connected app's id, the client id and tokens.
 */
export async function connectApp(me: Session, name: string, fields: ConsentFields = { decision: 'allow', access: 'write' }) {
  const { clientId, exchange } = await approvedCode(me, name, fields);
  const res = await tokenRequest(exchange);
  expect(res.status, await res.clone().text()).toBe(200);
  const tokens = (await json(res)) as { access_token: string; refresh_token: string; scope: string };
  const apps = (await json(await as(me, '/api/v1/connected-apps'))).data as { id: string; name: string }[];
  return { id: apps.find((app) => app.name === name)!.id, clientId, tokens };
}

/** Registers `name` and has `me` allow it: the client id and the token request that trades its code, not yet sent. */
export async function approvedCode(me: Session, name: string, fields: ConsentFields = { decision: 'allow', access: 'write' }) {
  const registered = await call('/oauth/register', { method: 'POST', json: { client_name: name, redirect_uris: [REDIRECT_URI] } });
  expect(registered.status).toBe(201);
  const clientId = (await json(registered)).client_id as string;
  const verifier = `${crypto.randomUUID()}-${crypto.randomUUID()}`;
  const consent = new URL(`${ORIGIN}/oauth/authorize`);
  for (const [key, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: await s256(verifier),
    code_challenge_method: 'S256',
    state: 'plain-http',
    resource: `${ORIGIN}/mcp`,
  }))
    consent.searchParams.set(key, value);
  const back = await answerConsent(me, consent, fields);
  const exchange = {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    resource: `${ORIGIN}/mcp`,
  };
  return { clientId, exchange };
}
