import { beforeAll, describe, expect, it } from 'vitest';
import { as, call, json } from '../support/client';
import { caseTemplate, requestOf, ROUTE_CASES, type Attempt, type RouteCase } from './route-cases';
import { bearer, makeAttacker, makeVictim, snapshot, type Attacker, type Victim } from './victim';
import { userD1 } from '../support/stores';

interface Operation {
  key: string;
  method: string;
  path: string;
  hasBody: boolean;
}

async function operations(): Promise<Operation[]> {
  const doc = await json(await call('/api/v1/openapi.json'));
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([fullPath, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const path = fullPath.replace(/^\/api\/v1/, '');
      return { key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, hasBody: Boolean(op.requestBody) };
    }),
  );
}

type Mode = 'session' | 'token';

function send(mode: Mode, b: Attacker, method: string, attempt: Attempt): Promise<Response> {
  const init = requestOf(method, attempt);
  const path = `/api/v1${attempt.path}`;
  return mode === 'session' ? as(b.session, path, init) : call(path, bearer(b.token, init));
}

async function assertAttempt(mode: Mode, a: Victim, b: Attacker, key: string, attempt: Attempt) {
  const method = key.split(' ')[0]!;
  expect(
    `${attempt.path} ${JSON.stringify(attempt.json ?? '')}`,
    `${key}: the case reads a Victim/Attacker field that makeVictim does not set`,
  ).not.toMatch(/undefined/);
  const res = await send(mode, b, method, attempt);
  const text = await res.text();
  const where = `${mode}: ${method} ${attempt.path} → ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  const sent = `${attempt.path} ${JSON.stringify(attempt.json ?? '')} ${attempt.body ?? ''}`;
  for (const marker of a.markers)
    if (!sent.includes(marker)) expect(text.includes(marker), `A's "${marker}" leaked to B (${where})`).toBe(false);
  // A JSON document (not JSON Lines: the full backup is one JSON value per line).
  const parsed = text && /[/+]json(;|$)/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : null;
  if (res.status >= 400) expect(parsed?.error?.code, `error envelope (${where})`).toEqual(expect.any(String));
  if (attempt.expect === 'denied') {
    expect([403, 404], where).toContain(res.status);
    expect(parsed.error.code, where).toBe(res.status === 404 ? 'not_found' : 'forbidden');
  }
  if (attempt.expect === 'refused') expect(res.status, where).toBeGreaterThanOrEqual(400);
  if (attempt.check && parsed) attempt.check(parsed);
}

describe('authorization matrix (every operation of the OpenAPI document)', () => {
  let ops: Operation[];
  let a: Victim;
  let b: Attacker;
  let before: string;

  beforeAll(async () => {
    ops = await operations();
    a = await makeVictim();
    b = await makeAttacker();
    // A's contact is on the map, so a map call that ignored the user would count it.
    await (
      await userD1(a.session)
    )
      .prepare('UPDATE contacts SET latitude = 48.85, longitude = 2.35 WHERE user_id = ?')
      .bind(a.session.user.id)
      .run();
    before = await snapshot(a);
  }, 60_000);

  it('has a case for every operation, and no case for an operation that is gone', () => {
    const missing = ops.filter((op) => !ROUTE_CASES[op.key]);
    const known = new Set(ops.map((op) => op.key));
    const stale = Object.keys(ROUTE_CASES).filter((key) => !known.has(key));
    const message = [
      missing.length
        ? `${missing.length} operation(s) of /api/v1/openapi.json have no case. Add to ROUTE_CASES in tests/guard/route-cases.ts:\n${missing.map((op) => caseTemplate(op.method, op.path, op.hasBody)).join('\n')}\n(deny = B aims at A's id and must get 404/403; scoped = the route only touches B's own data. If the path names a new kind of record, give the victim one in makeVictim() of tests/guard/victim.ts and add its marker.)`
        : '',
      stale.length ? `ROUTE_CASES has entries for operations that no longer exist: ${stale.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    expect(message, message).toBe('');
  });

  it('answers 401 in the error envelope to every non-public operation without credentials, or with a forged or revoked token', async () => {
    const revoked = (await json(await as(a.session, '/api/v1/tokens', { method: 'POST', json: { name: 'soon revoked' } }))).data;
    await as(a.session, `/api/v1/tokens/${revoked.id}`, { method: 'DELETE' });
    const failures: string[] = [];
    for (const op of ops) {
      const kase: RouteCase | undefined = ROUTE_CASES[op.key];
      if (kase?.public) continue;
      const path = `/api/v1${op.path.replace(/\{\w+\}/g, 'x')}`;
      for (const [label, headers] of [
        ['none', {}],
        ['forged', { authorization: 'Bearer kith_forged0000000000000000' }],
        ['revoked', { authorization: `Bearer ${revoked.token}` }],
        ['garbage cookie', { cookie: 'kith_session=forged' }],
      ] as const) {
        const res = await call(path, { method: op.method, headers: { ...headers, origin: 'http://kith.test' } });
        const body = await res.text();
        if (res.status !== 401 || !body.includes('"unauthenticated"'))
          failures.push(`${op.key} (${label}) → ${res.status} ${body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // Four calls for each of several hundred operations: ~3 s alone, past the default 20 s on a loaded machine.
  }, 60_000);

  for (const mode of ['session', 'token'] as const) {
    describe(`user B with a ${mode}`, () => {
      for (const [key, kase] of Object.entries(ROUTE_CASES)) {
        it(key, async () => {
          const attacker = kase.fresh ? await makeAttacker() : b;
          for (const attempt of kase.attempts(a, attacker)) await assertAttempt(mode, a, attacker, key, attempt);
        });
      }
    });
  }

  it("leaves A's data exactly as it was, and A still signed in", async () => {
    expect(await snapshot(a)).toBe(before);
    expect((await as(a.session, '/api/v1/me')).status).toBe(200);
  });
});
