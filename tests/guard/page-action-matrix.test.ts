import type { ServerBuild } from '@remix-run/cloudflare';
import { beforeAll, describe, expect, it } from 'vitest';
// The Remix server build the Worker serves (worker/index.ts imports the same file).
// @ts-ignore -- absent until the first build
import * as remixBuild from '../../build/server';
import { as, call, ORIGIN } from '../support/client';
import { CHANNELS } from '../../worker/db/schema';
import { accountRowsReader } from '../support/account-rows';
import { eventually } from '../support/eventually';
import { userD1 } from '../support/stores';
import { PAGE_CASES, type PageAttempt, type PageExpect } from './page-action-cases';
import { makeAttacker, makeVictim, type Attacker, type Victim } from './victim';
import { BACKGROUND_ONLY_TABLES } from '../support/background-tables';

interface PageAction {
  key: string;
  path: string;
  intent: string | null;
}

/** Every action of the built server, one per intent it declares (app/http/intent-action.server.ts). */
function pageActions(): PageAction[] {
  const routes = (remixBuild as unknown as ServerBuild).routes;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return '';
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  return Object.values(routes).flatMap((route): PageAction[] => {
    const action = route?.module.action as ({ intents?: readonly string[] } & object) | undefined;
    if (!route || !action) return [];
    const path = fullPath(route.id) || '/';
    return action.intents
      ? action.intents.map((intent) => ({ key: `${path} ${intent}`, path, intent }))
      : [{ key: path, path, intent: null }];
  });
}

/** Where a signed-in page sends a post without a session: the login page, coming back afterwards. */
const TO_LOGIN = { redirect: /^\/login\?redirectTo=%2F/ };

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** A's words in B's answer, except those B sent himself. */
function leaked(a: Victim, attempt: PageAttempt, text: string): string[] {
  const sent = `${attempt.path} ${JSON.stringify(attempt.fields)}`;
  return a.markers.filter((marker) => !sent.includes(marker) && text.includes(marker));
}

/** The answer against what the case expects; a failure message, or null. */
function judge(wanted: PageExpect, res: Response, location: string): string | null {
  if (res.status >= 500) return 'a server error';
  if (wanted === 'denied') return [403, 404].includes(res.status) ? null : 'expected 404 (or 403)';
  if (wanted === 'refused') return res.status >= 400 && res.status < 500 ? null : 'expected a 4xx refusal';
  if (wanted === 'scoped') return null;
  return res.status >= 300 && res.status < 400 && wanted.redirect.test(location) ? null : `expected a redirect to ${wanted.redirect}`;
}

async function assertAttempt(a: Victim, b: Attacker, key: string, attempt: PageAttempt) {
  expect(
    `${attempt.path} ${JSON.stringify(attempt.fields)}`,
    `${key}: the case reads a Victim/Attacker field that makeVictim does not set`,
  ).not.toMatch(/undefined/);
  const res = await as(b.session, attempt.path, { method: 'POST', ...form(attempt.fields) });
  const text = await res.text();
  const location = res.headers.get('location') ?? '';
  const where = `B posts ${key} to ${attempt.path} ${JSON.stringify(attempt.fields)} → ${res.status} ${location} ${text.slice(0, 300)}`;
  // Soft: the case goes on to compare A's rows, so a change is blamed on the case that made it.
  expect.soft(leaked(a, attempt, text), `A's words leaked to B (${where})`).toEqual([]);
  expect.soft(judge(attempt.expect, res, location), where).toBeNull();
}

/** Tables of A's that a case may change by design (a reset link B asks for A's address). */
const MAY_CHANGE = new Set(Object.values(PAGE_CASES).flatMap((kase) => kase.victimMayChange ?? []));

/**
 * What A has that only B's "own data" forms could reach by mistake (a write that forgot its
 * user_id): every channel connection, a calendar feed, the weekly digest, default cadences,
 * Telegram options and a two-factor setup in progress. With no row of A's in those tables, a
 * form emptying the whole table would change nothing of A's and pass.
 */
async function giveVictimSettings(a: Victim) {
  const api = async (path: string, method: string, json?: unknown) => {
    const res = await as(a.session, `/api/v1${path}`, { method, json });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await api('/settings/calendar-feed', 'POST');
  await api('/settings/keep-in-touch', 'PATCH', {
    cadence_defaults: { high: { every: 3, unit: 'week' }, low: { every: 6, unit: 'month' } },
    weekly_digest: true,
  });
  await api('/integrations/telegram/settings', 'PUT', { tag_second_tier: true });
  await api('/me/two-factor/setup', 'POST');
  // Written as a connection that failed is: status "error", so no scheduled sync picks it up.
  const now = new Date().toISOString();
  const db = await userD1(a.session);
  for (const channel of CHANNELS) {
    await db
      .prepare(
        "INSERT INTO channel_connections (id, user_id, channel, status, account_label, last_error, created_at, updated_at) VALUES (?1, ?2, ?3, 'error', ?4, 'token expired', ?5, ?5)",
      )
      .bind(`${channel}-${a.markers[0]}`, a.session.user.id, channel, `${channel} of ${a.markers[0]}`, now)
      .run();
  }
}

type RowsReader = () => Promise<string>;

/** Every row of A's, read straight from D1 (the directory and A's own database), a line per table. */
const victimRowsReader = (a: Victim): Promise<RowsReader> =>
  accountRowsReader(a.session.user.id, {
    ignoreColumns: ['last_used_at', 'last_seen_at'],
    // The background reading of A's new messages for life events moves its cursor (ADR 043).
    ignoreTables: BACKGROUND_ONLY_TABLES,
  });

/** The tables whose rows differ, with both readings. */
function changedTables(before: string, after: string): string[] {
  const was = new Set(before.split('\n'));
  const now = after.split('\n');
  return now
    .filter((line) => !was.has(line))
    .map((line) => {
      const table = line.slice(0, line.indexOf(':'));
      return `${table}\n  before: ${before.split('\n').find((l) => l.startsWith(`${table}:`)) ?? '(none)'}\n  after:  ${line}`;
    });
}

/** A's rows once background work from setting A up has settled: two reads in a row agree. */
async function settledRows(read: RowsReader): Promise<string> {
  let last = '';
  await eventually(
    async () => {
      const rows = await read();
      const same = rows === last;
      last = rows;
      return same;
    },
    (same) => same,
    "A's rows stopped changing",
    { everyMs: 300, timeoutMs: 15_000 },
  );
  return last;
}

describe('authorization matrix of the pages (every action of the Remix build, every intent it takes)', () => {
  const actions = pageActions();
  let a: Victim;
  let b: Attacker;
  let readVictimRows: RowsReader;
  let rows: string;

  beforeAll(async () => {
    a = await makeVictim();
    b = await makeAttacker();
    await giveVictimSettings(a);
    readVictimRows = await victimRowsReader(a);
    rows = await settledRows(readVictimRows);
  }, 60_000);

  /** A's rows now, against the last reading: none may have changed. */
  async function expectVictimUnchanged(what: string) {
    const now = await readVictimRows();
    const changes = changedTables(rows, now).filter((change) => !MAY_CHANGE.has(change.split('\n')[0]!));
    rows = now;
    expect(changes, `${what} changed A's rows`).toEqual([]);
  }

  it('finds the actions in the build', () => {
    expect(actions.length).toBeGreaterThan(50);
    expect(actions.map((x) => x.key)).toContain('/contacts/:id add-note');
  });

  it('has a case for every page action and intent, and no case for one that is gone', () => {
    const missing = actions.filter((x) => !PAGE_CASES[x.key]);
    const known = new Set(actions.map((x) => x.key));
    const stale = Object.keys(PAGE_CASES).filter((key) => !known.has(key));
    const message = [
      missing.length
        ? `${missing.length} page action(s) of the Remix build have no case. Add to PAGE_CASES in tests/guard/page-action-cases.ts:\n${missing.map((x) => `  '${x.key}': { attempts: (a, b) => [deny(\`${x.path.replace(/:(\w+)/g, '${a.$1}')}\`, { ${x.intent ? `intent: '${x.intent}', ` : ''}/* the form's fields, with A's ids */ })] },`).join('\n')}\n(deny = B aims at A's ids and must get 404/403; scoped = the form only touches B's own data. If it names a new kind of record, give the victim one in makeVictim() of tests/guard/victim.ts.)`
        : '',
      stale.length ? `PAGE_CASES has entries for page actions that no longer exist: ${stale.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    expect(message, message).toBe('');
  });

  describe('user B, signed in', () => {
    for (const [key, kase] of Object.entries(PAGE_CASES)) {
      if (kase.coveredBy) continue;
      it(key, async () => {
        const attacker = kase.fresh ? await makeAttacker() : b;
        for (const attempt of kase.attempts(a, attacker)) await assertAttempt(a, attacker, key, attempt);
        await expectVictimUnchanged(`B's ${key}`);
      });
    }
  });

  it('refuses, with a 400, an intent the action does not declare (so the list the matrix reads is the whole contract)', async () => {
    const failures: string[] = [];
    const withIntents = new Map(actions.filter((x) => x.intent !== null).map((x) => [x.path, x]));
    for (const { path } of withIntents.values()) {
      const target = path
        .replace(':id', path.startsWith('/organizations') ? b.organizationId : b.contactId)
        .replace(':channel', 'telegram');
      const res = await as(b.session, target, { method: 'POST', ...form({ intent: 'no-such-intent' }) });
      if (res.status !== 400) failures.push(`${target} → ${res.status} ${(await res.text()).slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('sends every form without a session, or with only an API token, to the login page, and changes nothing', async () => {
    const failures: string[] = [];
    for (const [key, kase] of Object.entries(PAGE_CASES)) {
      if (kase.coveredBy) continue;
      for (const attempt of kase.attempts(a, b)) {
        for (const [label, headers] of [
          ['no session', {}],
          ['an API token', { authorization: `Bearer ${b.token}` }],
        ] as const) {
          const { body, headers: formHeaders } = form(attempt.fields);
          const res = await call(attempt.path, { method: 'POST', body, headers: { ...formHeaders, ...headers, origin: ORIGIN } });
          const location = res.headers.get('location') ?? '';
          const text = await res.text();
          const line = `${key} (${label}) ${attempt.path} → ${res.status} ${location} ${text.slice(0, 120)}`;
          const wrong = kase.public ? judge(attempt.anonymous ?? attempt.expect, res, location) : judge(TO_LOGIN, res, location);
          if (wrong) failures.push(`${line}: ${wrong}`);
          if (leaked(a, attempt, text).length) failures.push(`${line}: leaked ${leaked(a, attempt, text).join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await expectVictimUnchanged('Posts without a session');
  });

  it("leaves A's data exactly as it was once background work has run, and A still signed in", async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expectVictimUnchanged("B's forms (after the queue)");
    expect((await as(a.session, '/api/v1/me')).status).toBe(200);
  });
});
