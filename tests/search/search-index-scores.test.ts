import { describe, expect, it } from 'vitest';
import { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRowChange } from '../../worker/domain/search/local/search-row';
import { recordInteractions, type NewInteraction } from '../../worker/domain/timeline/record-interactions';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1, userDeps } from '../support/stores';

// The local index's order by score after the nightly refresh (ADR 055): the refresh moves
// scores without changing any card, so GET /search-index (the card's change log) says nothing
// and the browser's "by score" rows drifted from the server's until a rebuild.
// GET /search-index/scores gives the moved scores from a cursor taken before the snapshot.

type Page = { data: SearchRowChange[]; meta: { cursor: string; has_more: boolean } };

async function readAll(me: Session, path: string, since: string) {
  const changes: SearchRowChange[] = [];
  for (;;) {
    const res = await as(me, `${path}?since=${since}&limit=2`);
    expect(res.status).toBe(200);
    const page = await json<Page>(res);
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
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
let n = 0;
const message = (contactId: string, direction: 'in' | 'out', occurred: string): NewInteraction => ({
  contact_id: contactId,
  kind: 'message',
  channel: 'telegram',
  direction,
  body: 'hi',
  source: 'telegram',
  external_id: `score-drift-${++n}`,
  occurred_at: occurred,
});

async function serverOrder(me: Session, q: string): Promise<string[]> {
  const body = await json<{ data: { full_name: string }[] }>(await as(me, `/api/v1/contacts?q=${q}&sort=-score`));
  return body.data.map((c) => c.full_name);
}

describe('moved scores for the local index', () => {
  it('keep the order by score the same as the server’s after the nightly refresh, without a card change', async () => {
    const { refreshRelationships } = await import('../../worker/jobs/handlers/refresh-relationships');
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Marsh' });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Marsh' });
    await recordInteractions(await userDeps(me), me.user.id, [message(ada.id, 'in', daysAgo(1)), message(ada.id, 'out', daysAgo(1))]);
    await recordInteractions(await userDeps(me), me.user.id, [message(bo.id, 'in', daysAgo(20))]);

    // The browser's build: the scores' cursor first, then the snapshot.
    const head = await json<Page>(await as(me, '/api/v1/search-index/scores'));
    expect(head.data).toEqual([]);
    const built = await readAll(me, '/api/v1/search-index', '');
    const index = new LocalSearchIndex();
    apply(index, built.changes);
    expect(index.search('marsh', '-score')?.rows.map((r) => r.full_name)).toEqual(['Ada Marsh', 'Bo Marsh']);

    // Nights pass: Ada's messages age, Bo writes again and is now the closer one.
    const d1 = await userD1(me);
    await d1.prepare('UPDATE interactions SET occurred_at = ? WHERE contact_id = ?').bind(daysAgo(300), ada.id).run();
    await d1.prepare('UPDATE contacts SET last_interaction_at = ? WHERE id = ?').bind(daysAgo(300), ada.id).run();
    await d1.prepare('UPDATE interactions SET occurred_at = ? WHERE contact_id = ?').bind(daysAgo(1), bo.id).run();
    await d1.prepare('UPDATE contacts SET last_interaction_at = ? WHERE id = ?').bind(daysAgo(1), bo.id).run();
    const cardsBefore = await readAll(me, '/api/v1/search-index', built.cursor);
    apply(index, cardsBefore.changes);
    await refreshRelationships(await userDeps(me), { type: 'refresh_relationships', user_id: me.user.id });
    expect(await serverOrder(me, 'marsh')).toEqual(['Bo Marsh', 'Ada Marsh']);

    // The card feed has nothing to say about a score (phones and webhooks are not sent it)...
    expect((await readAll(me, '/api/v1/search-index', cardsBefore.cursor)).changes).toEqual([]);
    expect((await readAll(me, '/api/v1/changes', cardsBefore.cursor)).changes).toEqual([]);
    expect(index.search('marsh', '-score')?.rows.map((r) => r.full_name)).toEqual(['Ada Marsh', 'Bo Marsh']);
    // ...the scores' log does, and the local order follows the server's.
    const moved = await readAll(me, '/api/v1/search-index/scores', head.meta.cursor);
    expect(moved.changes.map((c) => c.contact_id).sort()).toEqual([ada.id, bo.id].sort());
    apply(index, moved.changes);
    expect(index.search('marsh', '-score')?.rows.map((r) => r.full_name)).toEqual(await serverOrder(me, 'marsh'));
    expect(index.get(bo.id)?.relationship_score).toBeGreaterThan(index.get(ada.id)!.relationship_score);

    // Read to its end, the log has nothing more; a deleted contact leaves it (its tombstone is the card feed's).
    expect((await readAll(me, '/api/v1/search-index/scores', moved.cursor)).changes).toEqual([]);
    expect((await as(me, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await readAll(me, '/api/v1/search-index/scores', head.meta.cursor)).changes.map((c) => c.contact_id)).toEqual([bo.id]);
  });

  it('refuses a cursor this log did not give, in the envelope', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/search-index/scores?since=999999999');
    expect(res.status).toBe(410);
    expect((await json(res)).error.code).toBe('cursor_expired');
  });
});
