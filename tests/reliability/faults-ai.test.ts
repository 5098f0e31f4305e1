import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { extractBio } from '../../worker/domain/bio/extract-bio';
import { enrichContact } from '../../worker/domain/enrichment/enrich-contact';
import { AppError } from '../../worker/domain/errors';
import { createApolloClient } from '../../worker/providers/apollo/apollo-client';
import { createLlmClient } from '../../worker/providers/llm/llm-client';
import { requestsTo, steer, uniqueKey } from '../ai/fakes-control';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { snapshotUser } from './snapshot';
import { userDeps } from '../support/stores';

// Apollo ("Enrich with Apollo") and the language model (the bio wand) answer the user at once,
// so a fault is an error envelope (429 with Retry-After for the UI countdown, 502 otherwise),
// one provider call per click (no retry storm of our own), and the contact exactly as before.

const fakes = () => (env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL;

interface Target {
  provider: 'apollo' | 'openai';
  path: (id: string) => string;
  /** A contact whose requests carry `key`, so the fake's scenario finds them. */
  create: (me: Session, key: string) => Promise<{ id: string }>;
}

const targets: Record<string, Target> = {
  Apollo: {
    provider: 'apollo',
    path: (id) => `/api/v1/contacts/${id}/enrich`,
    create: (me, key) => createContact(me, { emails: [`${key}@example.com`] }),
  },
  'the language model': {
    provider: 'openai',
    path: (id) => `/api/v1/contacts/${id}/extract-bio`,
    create: (me, key) => createContact(me, { first_name: key, last_name: 'Wand', bios: { twitter: 'CTO at Initech' } }),
  },
};

describe.each(Object.entries(targets))('%s faults', (_name, target) => {
  async function storm(status: number, extra: { headers?: Record<string, string>; raw?: string } = {}) {
    const me = await signUp();
    const key = uniqueKey('fault');
    const contact = await target.create(me, key);
    await steer(target.provider, { when: key, status, ...extra });
    const before = await snapshotUser(me.user.id);
    const answers: Response[] = [];
    for (let i = 0; i < 4; i++) answers.push(await as(me, target.path(contact.id), { method: 'POST' }));
    expect(await snapshotUser(me.user.id)).toEqual(before);
    expect(await requestsTo(target.provider, key)).toHaveLength(4);
    return answers;
  }

  it('a 5xx storm: 502 provider_error every time, one call per click, nothing changed', async () => {
    for (const res of await storm(503)) {
      expect(res.status).toBe(502);
      expect((await json(res)).error.code).toBe('provider_error');
    }
  });

  it('a 429 storm: our 429 with the provider’s Retry-After (the UI counts it down), nothing changed', async () => {
    for (const res of await storm(429, { headers: { 'retry-after': '42' } })) {
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('42');
      const body = await json(res);
      expect(body.error).toMatchObject({ code: 'rate_limited', details: { retry_after: 42 } });
    }
  });

  it('a garbage body (an HTML error page from a gateway): 502, never a 500 or the page itself', async () => {
    for (const res of await storm(502, { raw: '<html><body><h1>502 Bad Gateway</h1>cloudflare</body></html>' })) {
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(text).not.toContain('<html>');
      expect(JSON.parse(text).error.code).toBe('provider_error');
    }
  });
});

describe('garbage inside a 200 answer', () => {
  it('Apollo: a person that is not an object → 502, nothing filled in', async () => {
    const me = await signUp();
    const key = uniqueKey('garbled');
    const contact = await targets.Apollo!.create(me, key);
    await steer('apollo', { when: key, json: 'Ada Lovelace' });
    const before = await snapshotUser(me.user.id);
    const res = await as(me, `/api/v1/contacts/${contact.id}/enrich`, { method: 'POST' });
    expect(res.status).toBe(502);
    expect(await snapshotUser(me.user.id)).toEqual(before);
  });

  it('the model: content that is not JSON → 502; JSON of the wrong types → nothing applied, the name not erased', async () => {
    const me = await signUp();
    const key = uniqueKey('garbled');
    const contact = await targets['the language model']!.create(me, key);
    const before = await snapshotUser(me.user.id);
    await steer('openai', { when: key, raw: 'Sure! Here is the JSON you asked for: {first_name: Ada' });
    expect((await as(me, `/api/v1/contacts/${contact.id}/extract-bio`, { method: 'POST' })).status).toBe(502);
    await steer('openai', { when: key, json: { first_name: 42, title: ['CTO'], company: { name: 'Initech' } } });
    const res = await as(me, `/api/v1/contacts/${contact.id}/extract-bio`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.fields_updated).toEqual([]);
    expect(await snapshotUser(me.user.id)).toEqual(before);
  });
});

describe('timeouts and slow drips are cut by the client timeout', () => {
  const apollo = () => createApolloClient({ baseUrl: `${fakes()}/apollo`, apiKey: 'test-apollo-key', timeoutMs: 400 });
  const llm = () => createLlmClient({ baseUrl: `${fakes()}/openai/v1`, apiKey: 'test-llm-key', model: 'gpt-test', timeoutMs: 400 });

  it.each([
    ['hangs', { hangMs: 3000 }],
    ['drips', { dripMs: 200 }],
  ])('Apollo %s: provider_error within a second, nothing changed', async (_label, slowness) => {
    const me = await signUp();
    const key = uniqueKey('slow');
    const contact = await targets.Apollo!.create(me, key);
    await steer('apollo', { when: key, ...slowness });
    const before = await snapshotUser(me.user.id);
    const started = Date.now();
    const error = await enrichContact(await userDeps(me), me.user.id, contact.id, { apollo: apollo() }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('provider_error');
    expect(await snapshotUser(me.user.id)).toEqual(before);
  });

  it.each([
    ['hangs', { hangMs: 3000 }],
    ['drips', { dripMs: 200 }],
  ])('the model %s: provider_error within a second, nothing changed', async (_label, slowness) => {
    const me = await signUp();
    const key = uniqueKey('slow');
    const contact = await targets['the language model']!.create(me, key);
    await steer('openai', { when: key, ...slowness });
    const before = await snapshotUser(me.user.id);
    const started = Date.now();
    const error = await extractBio(await userDeps(me), me.user.id, contact.id, { llm: llm() }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('provider_error');
    expect(await snapshotUser(me.user.id)).toEqual(before);
  });
});
