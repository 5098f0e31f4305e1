import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_SCOPES, SESSION_ONLY } from '../../worker/api/route-scopes';
import { as, call, json, signUp, type Session } from '../support/client';

// Issue 41 item 3: every /api/v1 operation declares the scope a token needs for it, in one table
// (worker/api/route-scopes.ts), and the Worker enforces that table for every request.

interface Operation {
  key: string;
  method: string;
  path: string;
  security: Record<string, string[]>[] | undefined;
}

async function operations(): Promise<Operation[]> {
  const doc = await json(await call('/api/v1/openapi.json'));
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([fullPath, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const path = fullPath.replace(/^\/api\/v1/, '');
      return { key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, security: op.security };
    }),
  );
}

async function tokenWith(me: Session, scopes: string[]): Promise<string> {
  const res = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: scopes.join('+'), scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data.token;
}

describe('every operation declares the scope a token needs', () => {
  let ops: Operation[];
  beforeAll(async () => {
    ops = await operations();
  });

  it('has an entry in ROUTE_SCOPES for every operation of the OpenAPI document, and none for an operation that is gone', () => {
    const known = new Set(ops.map((op) => op.key));
    const missing = ops.filter((op) => !(op.key in ROUTE_SCOPES)).map((op) => op.key);
    const stale = Object.keys(ROUTE_SCOPES).filter((key) => !known.has(key));
    expect(missing, `Declare the scope of these operations in worker/api/route-scopes.ts: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `worker/api/route-scopes.ts names operations that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });

  it('shows each operation its scope in the document, as the Bearer requirement', () => {
    const wrong = ops
      .filter((op) => ROUTE_SCOPES[op.key] !== 'public' && !SESSION_ONLY.has(op.key))
      .filter(
        (op) => !op.security?.some((requirement) => requirement.Bearer?.length === 1 && requirement.Bearer[0] === ROUTE_SCOPES[op.key]),
      )
      .map((op) => `${op.key}: ${JSON.stringify(op.security)}`);
    expect(wrong).toEqual([]);
  });

  it('refuses every operation, 403 insufficient_scope naming the scope, to a token that lacks it', async () => {
    const me = await signUp('Scoped walker');
    // For each scope needed, a token holding everything else.
    const lacking: Record<string, string> = {
      'contacts:read': await tokenWith(me, ['account']),
      'contacts:write': await tokenWith(me, ['contacts:read', 'account']),
      account: await tokenWith(me, ['contacts:read', 'contacts:write']),
    };
    const failures: string[] = [];
    for (const op of ops) {
      const needed = ROUTE_SCOPES[op.key];
      if (!needed || needed === 'public') continue;
      const path = `/api/v1${op.path.replace(/\{\w+\}/g, 'x')}`;
      const res = await call(path, { method: op.method, headers: { authorization: `Bearer ${lacking[needed]}` } });
      const body = await res.text();
      if (res.status !== 403 || JSON.parse(body).error?.code !== 'insufficient_scope' || JSON.parse(body).error.details?.needed !== needed)
        failures.push(`${op.key} (needs ${needed}) → ${res.status} ${body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
