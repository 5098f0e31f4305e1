import { afterEach, describe, expect, it, vi } from 'vitest';
import { steer, uniqueKey } from '../ai/fakes-control';
import { as, createContact, signUp } from '../support/client';

// The keys vitest.config.ts binds; a provider that echoes them must not make us echo them.
const SECRETS = ['test-apollo-key', 'test-llm-key', 'test-google-secret', 'test-encryption-key', 'test-inbound-secret'];
const echo = `Invalid key test-apollo-key / Incorrect API key provided: test-llm-key (Bearer test-llm-key)`;

function captureLogs() {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')));
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
      await steer('openai', { when: key, status, raw: JSON.stringify({ error: { message: echo, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }), headers: { 'content-type': 'application/json' } });
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
    for (const path of ['enrich', 'extract-bio']) expectNoSecret(await (await as(me, `/api/v1/contacts/${contact.id}/${path}`, { method: 'POST' })).text(), `${path} after an HTML error page`);
    // The spy does see the Worker's logs (same isolate): the failures above were logged.
    expect(logs.some((line) => line.includes('provider failure'))).toBe(true);
    expectNoSecret(logs.join('\n'), 'the logs');
    expect(answers.length).toBe(18);
  });
});
