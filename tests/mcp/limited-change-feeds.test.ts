import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';
import { newToken } from '../support/mcp-client';

// Issue 47, ADR 044: GET /changes and GET /search-index apply a limited token's contact limit.
// A contact it never could see is neither listed nor given as a tombstone; one that leaves the
// limit (a tag taken off) or is deleted after it was seen comes as a deletion.

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

type Change = { contact_id: string; change: string; merged_into: string | null };

async function feed(token: string, path: '/changes' | '/search-index', since = '') {
  const res = await call(`/api/v1${path}?since=${since}`, bearer(token));
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await json(res);
  return { changes: body.data as Change[], cursor: body.meta.cursor as string };
}

describe('a token limited to contacts tagged "work" reading the change feeds', () => {
  for (const path of ['/changes', '/search-index'] as const) {
    it(`${path}: lists only its contacts, hides others' tombstones, and drops one that leaves the limit`, async () => {
      const me = await signUp();
      const wanda = await createContact(me, { first_name: 'Wanda', tags: ['work'] });
      const walter = await createContact(me, { first_name: 'Walter', tags: ['work'] });
      const hugo = await createContact(me, { first_name: 'Hugo', tags: ['family'] });
      const gone = await createContact(me, { first_name: 'Gone', tags: ['family'] });
      expect((await as(me, `/api/v1/contacts/${gone.id}`, { method: 'DELETE' })).status).toBe(204);
      const { token } = await newToken(me, { scopes: ['contacts:read'], contact_tags: ['work'] });

      const first = await feed(token, path);
      expect(first.changes.map((c) => [c.contact_id, c.change]).sort()).toEqual(
        [
          [wanda.id, 'upserted'],
          [walter.id, 'upserted'],
        ].sort(),
      );

      // Hugo, never "work", is deleted; Walter loses "work"; Wanda is deleted.
      expect((await as(me, `/api/v1/contacts/${hugo.id}`, { method: 'DELETE' })).status).toBe(204);
      const moved = await as(me, `/api/v1/contacts/${walter.id}`, { method: 'PATCH', json: { tags: ['family'] } });
      expect(moved.status, await moved.clone().text()).toBe(200);
      expect((await as(me, `/api/v1/contacts/${wanda.id}`, { method: 'DELETE' })).status).toBe(204);

      const next = await feed(token, path, first.cursor);
      expect(next.changes.map((c) => [c.contact_id, c.change]).sort()).toEqual(
        [
          [walter.id, 'deleted'],
          [wanda.id, 'deleted'],
        ].sort(),
      );
      // The user's own session still hears of all of it.
      const all = (await json(await as(me, `/api/v1${path}?since=${first.cursor}`))).data as Change[];
      expect(all.map((c) => c.contact_id).sort()).toEqual([hugo.id, walter.id, wanda.id].sort());
    });
  }
});
