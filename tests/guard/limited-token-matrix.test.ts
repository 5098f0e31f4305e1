import { beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../worker/api/app';
import { as, call, createContact, json } from '../support/client';
import { userD1 } from '../support/stores';
import { requestOf, ROUTE_CASES, type Attempt } from './route-cases';
import { bearer, makeVictim, type Attacker, type Victim } from './victim';

// The authorization matrix once more, inside one account (ADR 035, 073, 074): A's own token,
// limited to the contacts not tagged "private", aims every operation at A's records, each of
// them on (or of) a contact tagged "private". It must get what user B gets: 404 not_found or a
// 403, or its own visible data, and never one of the hidden records' marker words; and A's
// hidden records are as they were. Its own visible contact, organization and note stand in for B's.

/**
 * Operations on what belongs to the account, not to a contact: a limited token reads and
 * changes them as the owner does (their names carry the marker too).
 */
const ACCOUNT_LEVEL: Record<string, string> = {
  'GET /me': "the account's own name and email",
  'GET /smart-lists': 'saved filters, not contacts: what they find goes through the limit',
  'PATCH /smart-lists/{id}': 'saved filters, not contacts',
  'DELETE /smart-lists/{id}': 'saved filters, not contacts',
};

const CONTACT_SCOPES = ['contacts:read', 'contacts:write'];

/**
 * What runs or reads the whole account rather than contacts (ADR 083): every sync, connecting
 * Telegram (which starts one), and /admin (the geocoding backfill, the failed jobs). Found in the
 * Hono routes by their paths, so a new sync or admin route is held here without a word.
 */
const RUNS_THE_WHOLE_ACCOUNT = /^\/sync\/|\/sync$|^\/admin\/|^\/integrations\/telegram\/(login|code|password)$/;
/**
 * What is the owner's alone (ADR 083, amended): a write to what they connected (connecting,
 * settings, disconnecting, under /integrations) and the account's credentials (tokens, OAuth
 * grants, app passwords, sessions, passkeys, two-factor, the password, the account itself), and
 * what receives the owner's whole agenda (the calendar feed, push devices and settings).
 * Matched on "METHOD /path", so a new integration or credential route is held here too.
 */
const OWNERS_ALONE =
  /^(POST|PUT|PATCH|DELETE) \/integrations\/|^\S+ \/(tokens|connected-apps|app-passwords)(\/|$)|^\S+ \/me\/(sessions|passkeys|two-factor|password)(\/|$)|^DELETE \/me$|^POST \/auth\/logout-everywhere$|^\S+ \/settings\/calendar-feed$|^(POST|PUT|PATCH|DELETE) \/push(\/|$)/;
/** A contact's own sync reads that contact's messages only, and a hidden one is 404 (ADR 074). */
const ONE_CONTACT = new Set(['POST /contacts/{id}/sync']);

/** Every operation of the API as Hono holds it ("POST /integrations/{channel}/sync" is one per channel). */
const honoOperations = () => [
  ...new Set(
    createApiApp()
      .routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/^\/api\/v1/, '').replace(/:([^/]+)/g, '{$1}')}`),
  ),
];

function send(token: string, method: string, attempt: Attempt): Promise<Response> {
  return call(`/api/v1${attempt.path}`, bearer(token, requestOf(method, attempt)));
}

/** What A's unlimited token reads of A's hidden records, by their ids. */
async function hiddenRecords(a: Victim): Promise<string> {
  const get = async (path: string) => (await call(`/api/v1${path}`, bearer(a.token))).text();
  const parts = await Promise.all(
    [
      `/contacts/${a.contactId}`,
      `/contacts/${a.otherContactId}`,
      `/contacts/${a.contactId}/dates`,
      `/contacts/${a.contactId}/relationships`,
      `/contacts/${a.otherContactId}/relationships`,
      `/contacts/${a.contactId}/events`,
      `/contacts/${a.contactId}/events?status=proposed`,
      `/contacts/${a.contactId}/files`,
      `/contacts/${a.contactId}/timeline?limit=200`,
      `/contacts/${a.contactId}/reminders`,
      `/organizations/${a.organizationId}`,
      `/imports/${a.importId}`,
    ].map(get),
  );
  return parts.join('\n');
}

/** The two kinds of limit (ADR 035): kept from "private", and given only the "work" contacts. */
const LIMITS = [
  { label: 'kept from private contacts', limit: { hide_private: true }, tags: [] as string[] },
  { label: 'given only the "work" contacts', limit: { contact_tags: ['work'] }, tags: ['work'] },
];

/** Every record of A's made private; a visible contact, its organization and a note stand in for B's. */
async function hideEverything(a: Victim, tags: string[]): Promise<Omit<Attacker, 'token'>> {
  const d1 = await userD1(a.session);
  await d1
    .prepare(
      `INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm) SELECT user_id, id, 'private', 'private' FROM contacts WHERE user_id = ?1`,
    )
    .bind(a.session.user.id)
    .run();
  const seen = await createContact(a.session, { first_name: 'Seen', company: 'Seen Org', emails: ['seen@visible.example'], tags });
  const note = (await json(await as(a.session, `/api/v1/contacts/${seen.id}/notes`, { method: 'POST', json: { body: 'mine' } }))).data;
  return { session: a.session, contactId: seen.id, organizationId: seen.company.id, interactionId: note.id };
}

async function tokenOf(a: Victim, scopes: string[], limit: object): Promise<string> {
  const res = await as(a.session, '/api/v1/tokens', { method: 'POST', json: { name: 'limited', scopes, ...limit } });
  return (await json(res)).data.token as string;
}

for (const { label, limit, tags } of LIMITS)
  describe(`a token of A's ${label}, on every operation, against A's hidden records`, () => {
    let a: Victim;
    let limited: Attacker;
    let before: string;

    beforeAll(async () => {
      a = await makeVictim();
      const seen = await hideEverything(a, tags);
      limited = { ...seen, token: await tokenOf(a, CONTACT_SCOPES, limit) };
      before = await hiddenRecords(a);
    }, 90_000);

    for (const [key, kase] of Object.entries(ROUTE_CASES)) {
      if (kase.public || ACCOUNT_LEVEL[key]) continue;
      it(key, async () => {
        const method = key.split(' ')[0]!;
        const [mark] = a.markers;
        for (const attempt of kase.attempts(a, limited)) {
          const res = await send(limited.token, method, attempt);
          const text = await res.text();
          const where = `${method} ${attempt.path} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          const sent = `${attempt.path} ${JSON.stringify(attempt.json ?? '')} ${attempt.body ?? ''}`;
          if (!sent.includes(mark!))
            expect(text.includes(mark!), `a hidden record's "${mark}" reached the limited token (${where})`).toBe(false);
          const parsed = text && /[/+]json(;|$)/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : null;
          if (res.status >= 400) expect(parsed?.error?.code, `error envelope (${where})`).toEqual(expect.any(String));
          if (attempt.expect === 'denied') {
            expect([403, 404], where).toContain(res.status);
            expect(['not_found', 'forbidden', 'insufficient_scope'], where).toContain(parsed.error.code);
          }
          if (attempt.expect === 'refused') expect(res.status, where).toBeGreaterThanOrEqual(400);
          if (attempt.check && parsed && res.status < 300) attempt.check(parsed);
        }
      });
    }

    it("leaves A's hidden records exactly as they were", async () => {
      expect(await hiddenRecords(a)).toBe(before);
    });
  });

// The matrix above holds the contacts scopes; with `account` too, a limited token still neither
// starts a sync nor reads or reruns the failed jobs (ADR 083): those run or name every contact.
// Nor does it change what the owner connected, or see, make or revoke a credential (amended).
describe("a limited token with the account scope, on every operation that runs the whole account or is the owner's alone", () => {
  let a: Victim;
  let seen: Omit<Attacker, 'token'>;
  const tokens: Record<string, string> = {};
  const operations = honoOperations().filter(
    (key) => (RUNS_THE_WHOLE_ACCOUNT.test(key.split(' ')[1]!) || OWNERS_ALONE.test(key)) && !ONE_CONTACT.has(key),
  );

  beforeAll(async () => {
    a = await makeVictim();
    seen = await hideEverything(a, ['work']);
    for (const { label, limit } of LIMITS) tokens[label] = await tokenOf(a, [...CONTACT_SCOPES, 'account'], limit);
  }, 90_000);

  it('finds every sync, admin, integration, credential and agenda-receiving operation in the Hono routes', () => {
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /sync/google-contacts',
        'POST /integrations/gmail/sync',
        'POST /integrations/x/sync',
        'POST /integrations/telegram/sync',
        'POST /integrations/telegram/login',
        'POST /admin/geocode/backfill',
        'GET /admin/dead-letters',
        'POST /admin/dead-letters/{id}/replay',
        'DELETE /admin/dead-letters/{id}',
        'DELETE /integrations/{channel}',
        'PUT /integrations/telegram/settings',
        'POST /tokens',
        'GET /tokens',
        'DELETE /tokens/{id}',
        'DELETE /tokens',
        'GET /connected-apps',
        'DELETE /connected-apps/{id}',
        'GET /app-passwords',
        'POST /settings/calendar-feed',
        'DELETE /settings/calendar-feed',
        'POST /push/devices',
        'PATCH /push',
      ]),
    );
  });

  for (const { label } of LIMITS)
    it(`refuses each to a token ${label}: 403 insufficient_scope, naming no hidden contact`, async () => {
      const answered: string[] = [];
      for (const key of operations) {
        const method = key.split(' ')[0]!;
        const kase = ROUTE_CASES[key];
        expect(kase, `${key} has a case in route-cases.ts`).toBeDefined();
        for (const attempt of kase!.attempts(a, { ...seen, token: tokens[label]! })) {
          const res = await send(tokens[label]!, method, attempt);
          const text = await res.text();
          const error = res.status === 403 ? JSON.parse(text).error : null;
          const named = [a.contactId, a.markers[0]!].some((hidden) => text.includes(hidden));
          if (error?.code !== 'insufficient_scope' || !error.details?.limited_to || named)
            answered.push(`${method} ${attempt.path} → ${res.status} ${text.slice(0, 200)}`);
        }
      }
      expect(answered).toEqual([]);
    });

  it("answers the owner's unlimited token as before, and the failed job is still there", async () => {
    const res = await send(a.token, 'GET', { path: '/admin/dead-letters', expect: 'scoped' });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.map((job: { id: string }) => job.id)).toContain(a.deadLetterId);
    const sync = await send(a.token, 'POST', { path: '/integrations/gmail/sync', expect: 'scoped' });
    expect(sync.status, 'not connected, not refused').toBe(409);
  });

  it("lets the owner's unlimited token manage tokens, grants and integrations as before", async () => {
    const made = await send(a.token, 'POST', { path: '/tokens', json: { name: 'another' }, expect: 'scoped' });
    expect(made.status).toBe(201);
    const tokens = (await json(await send(a.token, 'GET', { path: '/tokens', expect: 'scoped' }))).data;
    expect(tokens.map((token: { name: string }) => token.name)).toContain('another');
    const apps = await send(a.token, 'GET', { path: '/connected-apps', expect: 'scoped' });
    expect((await json(apps)).data.map((app: { id: string }) => app.id)).toContain(a.connectedAppId);
    const settings = { path: '/integrations/telegram/settings', json: { tag_second_tier: false }, expect: 'scoped' } as const;
    expect((await send(a.token, 'PUT', settings)).status).toBe(200);
    const disconnect = await send(a.token, 'DELETE', { path: '/integrations/gmail', expect: 'scoped' });
    expect(disconnect.status, 'not connected, not refused').toBe(404);
  });

  it("lets the owner's session do the same, and revoke a grant", async () => {
    const made = await as(a.session, '/api/v1/tokens', { method: 'POST', json: { name: 'from the browser' } });
    expect(made.status).toBe(201);
    const settings = await as(a.session, '/api/v1/integrations/telegram/settings', { method: 'PUT', json: { tag_second_tier: true } });
    expect(settings.status).toBe(200);
    expect((await as(a.session, `/api/v1/connected-apps/${a.connectedAppId}`, { method: 'DELETE' })).status).toBe(204);
    const apps = (await json(await as(a.session, '/api/v1/connected-apps'))).data;
    expect(apps.map((app: { id: string }) => app.id)).not.toContain(a.connectedAppId);
  });
});
