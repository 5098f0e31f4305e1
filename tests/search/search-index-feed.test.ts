import { describe, expect, it } from 'vitest';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRowChange } from '../../worker/domain/search/local/search-row';
import { as, createContact, json, signUp, type Session } from '../support/client';

// GET /api/v1/search-index (ADR 040): the browser's local index built from the beginning, then
// kept current from a cursor. Every kind of write must reach it, and it must never carry notes.

async function read(me: Session, since = '', limit = 2) {
  const changes: SearchRowChange[] = [];
  for (;;) {
    const res = await as(me, `/api/v1/search-index?since=${since}&limit=${limit}`);
    expect(res.status).toBe(200);
    const page = await json<{ data: SearchRowChange[]; meta: { cursor: string; has_more: boolean } }>(res);
    changes.push(...page.data);
    since = page.meta.cursor;
    if (!page.meta.has_more) return { changes, cursor: since };
  }
}

function apply(index: LocalSearchIndex, changes: SearchRowChange[]) {
  for (const change of changes) {
    if (change.row) index.put(change.row);
    else index.remove(change.contact_id);
  }
}

const names = (index: LocalSearchIndex, q: string) => index.search(q)?.rows.map((r) => r.full_name) ?? null;

describe('the local search index feed', () => {
  it('builds in pages, then follows creates, edits, merges and deletes, without notes', async () => {
    const me = await signUp();
    const ada = await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Analytical Engines',
      emails: ['ada@example.com'],
      twitter_handle: 'countess',
      notes: 'Secret plans for the difference engine',
    });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Berg', tags: ['investor'] });
    const cy = await createContact(me, { first_name: 'Cy', last_name: 'Cole', emails: ['cy@example.com'] });

    const built = await read(me);
    expect(JSON.stringify(built.changes)).not.toContain('Secret');
    const index = new LocalSearchIndex();
    apply(index, built.changes);
    expect(index.size).toBe(3);
    expect(index.get(ada.id)).toMatchObject({ company_name: 'Analytical Engines', emails: ['ada@example.com'], handles: 'countess' });
    expect(names(index, 'analyt')).toEqual(['Ada Lovelace']);
    expect(names(index, '@count')).toEqual(['Ada Lovelace']);
    expect(names(index, 'secret')).toEqual([]);

    await as(me, `/api/v1/contacts/${bo.id}`, { method: 'PATCH', json: { last_name: 'Bergström', title: 'Partner' } });
    const dee = await createContact(me, { first_name: 'Dee', last_name: 'Dale', tags: ['investor'] });
    expect((await as(me, `/api/v1/contacts/${cy.id}/merge`, { method: 'POST', json: { other_id: ada.id } })).status).toBe(200);
    expect((await as(me, `/api/v1/contacts/${dee.id}`, { method: 'DELETE' })).status).toBe(204);

    const since = await read(me, built.cursor);
    expect(since.changes.find((c) => c.contact_id === ada.id)).toMatchObject({ change: 'deleted', merged_into: cy.id, row: null });
    apply(index, since.changes);
    expect(names(index, 'bergstrom')).toEqual(['Bo Bergström']);
    expect(names(index, 'partner')).toEqual(['Bo Bergström']);
    // Ada was merged into Cy: her email is now Cy's; Dee is gone.
    expect(names(index, 'ada@')).toEqual(['Cy Cole']);
    expect(names(index, 'lovelace')).toEqual([]);
    expect(names(index, 'investor')).toEqual(['Bo Bergström']);
    expect(index.size).toBe(2);

    // Followed from the cursor, the index holds what a new build holds.
    const fresh = new LocalSearchIndex();
    apply(fresh, (await read(me)).changes);
    expect([...index.rows()].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...fresh.rows()].sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('refuses a cursor this log did not give, in the envelope', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/search-index?since=999999999');
    expect(res.status).toBe(410);
    expect((await json(res)).error.code).toBe('cursor_expired');
    expect((await as(me, '/api/v1/search-index?since=abc')).status).toBe(400);
  });
});
