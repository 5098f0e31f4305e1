import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { steer, uniqueKey } from '../ai/fakes-control';
import { as, createContact, signUp } from '../support/client';

// The keys vitest.config.ts binds; a provider that echoes them must not make us echo them.
const SECRETS = ['test-apollo-key', 'test-llm-key', 'test-google-secret', 'test-encryption-key', 'test-inbound-secret'];
const echo = `Invalid key test-apollo-key / Incorrect API key provided: test-llm-key (Bearer test-llm-key)`;

function captureLogs() {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) =>
        void lines.push(
          args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '),
        ),
    );
  }
  return lines;
}

function expectNoSecret(text: string, where: string) {
  for (const secret of SECRETS) expect(text.includes(secret), `${secret} echoed in ${where}: ${text.slice(0, 300)}`).toBe(false);
}

describe('provider failures never echo our keys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers enrichment, bio extraction and drafts with an envelope free of keys when the provider echoes them back', async () => {
    const me = await signUp();
    const key = uniqueKey('echo');
    const contact = await createContact(me, { first_name: key, emails: [`${key}@example.com`], notes: key });
    await as(me, `/api/v1/contacts/${contact.id}`, { method: 'PATCH', json: { bios: { twitter: `Founder at ${key}` } } });
    const logs = captureLogs();
    const answers: string[] = [];
    for (const status of [400, 401, 403, 429, 500, 503]) {
      await steer('apollo', { when: key, status, json: { error: echo, api_key: 'test-apollo-key' } });
      await steer('openai', {
        when: key,
        status,
        raw: JSON.stringify({ error: { message: echo, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }),
        headers: { 'content-type': 'application/json' },
      });
      const attempts = await Promise.all([
        as(me, `/api/v1/contacts/${contact.id}/enrich`, { method: 'POST' }),
        as(me, `/api/v1/contacts/${contact.id}/extract-bio`, { method: 'POST' }),
        as(me, `/api/v1/contacts/${contact.id}/draft`, { method: 'POST', json: { channel: 'email' } }),
      ]);
      for (const res of attempts) {
        const text = await res.text();
        answers.push(`${status}: ${res.status}`);
        expect(res.status, text).toBeLessThan(600);
        expectNoSecret(text, `the answer to a provider ${status}`);
        for (const [name, value] of res.headers) expectNoSecret(`${name}: ${value}`, 'a response header');
      }
    }
    // A broken HTML page with the key in it, as a misconfigured proxy might send.
    await steer('apollo', { when: key, status: 502, raw: `<html>${echo}</html>` });
    await steer('openai', { when: key, status: 502, raw: `<html>${echo}</html>` });
    for (const path of ['enrich', 'extract-bio'])
      expectNoSecret(
        await (await as(me, `/api/v1/contacts/${contact.id}/${path}`, { method: 'POST' })).text(),
        `${path} after an HTML error page`,
      );
    // The spy does see the Worker's logs (same isolate): the failures above were logged.
    expect(logs.some((line) => line.includes('provider failure'))).toBe(true);
    expectNoSecret(logs.join('\n'), 'the logs');
    expect(answers.length).toBe(18);
  });
});

describe('users never read server setting names or internal route ids', () => {
  // The settings a fresh install may lack: each missing one turns a feature off in plain words.
  const UNSET = [
    'APP_URL',
    'MAP_PROVIDER_PUBLIC_TOKEN',
    'MAP_PROVIDER_SECRET_TOKEN',
    'ENRICHMENT_API_KEY',
    'LLM_API_KEY',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'X_CLIENT_ID',
    'X_CLIENT_SECRET',
    'TELEGRAM_GATEWAY_URL',
    'TELEGRAM_GATEWAY_SECRET',
    'BCC_DOMAIN',
    'ENCRYPTION_KEY',
    'INBOUND_EMAIL_SECRET',
  ];
  /** A setting's name as an operator writes it (FOO_BAR), anywhere a user can read it. */
  const SETTING_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]{2,}\b/;
  /** What a person sees or can select: the page without its scripts (Remix's route manifest lives there). */
  // What a person reads: not scripts, and not the build's hashed asset names in <link> tags
  // (a content hash like "_app.settings-YKO35_AA.js" can look like a setting's name).
  const readable = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*>/g, '');

  async function bare(path: string, init: RequestInit = {}) {
    const bindings = Object.fromEntries(Object.entries(env as unknown as Env).filter(([name]) => !UNSET.includes(name))) as Env;
    const headers = new Headers(init.headers);
    headers.set('host', 'kith.test');
    if (init.method && init.method !== 'GET') headers.set('origin', 'http://kith.test');
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://kith.test${path}`, { ...init, headers, redirect: 'manual' }) as Parameters<typeof worker.fetch>[0],
      bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('says what is off in plain words on every page and API answer, and logs the names instead', async () => {
    const me = await signUp();
    const contact = await createContact(me, {
      first_name: 'Plain',
      emails: ['plain@example.com'],
      bios: { twitter: 'Founder at Plainco' },
    });
    const logs = captureLogs();
    const cookie = { cookie: me.cookie };
    const seen: string[] = [];
    const read = async (label: string, res: Promise<Response>) => {
      const answer = await res;
      let text = readable(await answer.text());
      const location = answer.headers.get('location');
      if (location) {
        text += ` ${decodeURIComponent(location)}`;
        if (location.startsWith('/')) text += readable(await (await bare(location, { headers: cookie })).text());
      }
      seen.push(label);
      expect(answer.status < 500 || answer.status === 503, `${label} answered ${answer.status}`).toBe(true);
      expect(text.match(SETTING_NAME)?.[0], `${label} names a setting`).toBeUndefined();
    };
    for (const page of [
      '/home',
      '/contacts',
      `/contacts/${contact.id}`,
      '/map',
      '/import',
      '/settings',
      '/settings/x/connect',
      '/settings/google/connect',
      '/settings/google/connect?for=email',
    ]) {
      await read(page, bare(page, { headers: cookie }));
    }
    const post = (json?: unknown) => ({
      method: 'POST',
      headers: { ...cookie, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    for (const [path, body] of [
      [`/api/v1/contacts/${contact.id}/enrich`, undefined],
      [`/api/v1/contacts/${contact.id}/extract-bio`, undefined],
      [`/api/v1/contacts/${contact.id}/draft`, { channel: 'email' }],
      ['/api/v1/me/two-factor/setup', undefined],
      ['/api/v1/integrations/telegram/login', { phone: '+15550001234' }],
      ['/api/v1/integrations/x/sync', undefined],
      ['/api/v1/sync/google-contacts', undefined],
    ] as const) {
      await read(`POST ${path}`, bare(path, post(body)));
    }
    await read(
      'POST /api/v1/inbound/email',
      bare('/api/v1/inbound/email', { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: 'From: a@b.c\r\n\r\nhi' }),
    );
    expect(seen).toHaveLength(17);
    // The operator still learns which settings are missing.
    const log = logs.join('\n');
    for (const name of [
      'APP_URL',
      'ENRICHMENT_API_KEY',
      'LLM_API_KEY',
      'ENCRYPTION_KEY',
      'MAP_PROVIDER_PUBLIC_TOKEN',
      'INBOUND_EMAIL_SECRET',
    ])
      expect(log, name).toContain(name);
  });

  it('answers a POST to a page without an action, and an unknown page, without naming route ids', async () => {
    const me = await signUp();
    for (const [path, status] of [
      ['/import', 405],
      ['/contacts', 405],
      ['/no-such-page', 404],
    ] as const) {
      const form = {
        method: 'POST',
        body: new URLSearchParams({ a: '1' }),
        headers: { host: 'kith.test', 'content-type': 'application/x-www-form-urlencoded' },
      };
      const res = await as(me, path, status === 404 ? {} : form);
      expect(res.status, path).toBe(status);
      // The words on the page (asset file names in <link> tags are named after routes, and unread).
      const text = readable(await res.text()).replace(/<[^>]*>/g, ' ');
      expect(text.match(/routes\/|_app\b|action`|No route matches/)?.[0], path).toBeUndefined();
      expect(text, path).toContain('Back to Kith');
    }
  });
});
