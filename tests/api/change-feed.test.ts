import { describe, expect, it } from 'vitest';
import { sweepTombstonePage } from '../../worker/domain/changes/sweep-tombstones';
import { refreshRelationships } from '../../worker/jobs/handlers/refresh-relationships';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { importCsv } from '../support/imports';
import { userD1, userDeps } from '../support/stores';

// The change feed (GET /api/v1/changes, ADR 021) is what a phone's sync, the offline cache and
// the browser's search index read to stay current: every way a contact is written must show
// up, each contact once with its latest change, deletions and merges as tombstones.

interface Change {
  contact_id: string;
  change: 'upserted' | 'deleted';
  merged_into: string | null;
  contact: { id: string; full_name: string; tags: string[] } | null;
}

async function changesSince(me: Session, since = '', limit = 500) {
  const res = await as(me, `/api/v1/changes?since=${since}&limit=${limit}`);
  expect(res.status).toBe(200);
  return json<{ data: Change[]; meta: { cursor: string; has_more: boolean } }>(res);
}

/** What a client learns from `since` on: the changes of every page, in order. */
async function readAll(me: Session, since = '', limit = 500) {
  const changes: Change[] = [];
  for (;;) {
    const page = await changesSince(me, since, limit);
    changes.push(...page.data);
    since = page.meta.cursor;
    if (!page.meta.has_more) return { changes, cursor: since };
  }
}

const summary = (changes: Change[]) => changes.map((c) => [c.contact?.full_name ?? c.contact_id, c.change]);

describe('the change feed', () => {
  it('lists every kind of write since a cursor, each contact once with its latest change', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });
    const bo = await createContact(me, { first_name: 'Bo', last_name: 'Berg' });
    const cy = await createContact(me, { first_name: 'Cy', last_name: 'Cole', emails: ['cy@example.com'] });
    const start = await readAll(me);
    expect(summary(start.changes)).toEqual([
      ['Ada Lovelace', 'upserted'],
      ['Bo Berg', 'upserted'],
      ['Cy Cole', 'upserted'],
    ]);

    // Nothing changed: nothing to read, and the cursor stays.
    expect(await readAll(me, start.cursor)).toEqual({ changes: [], cursor: start.cursor });

    await as(me, `/api/v1/contacts/${bo.id}`, { method: 'PATCH', json: { title: 'Founder' } });
    await as(me, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { tags: ['investor'] } });
    await as(me, `/api/v1/contacts/${bo.id}`, { method: 'PATCH', json: { last_name: 'Bergman' } });
    const edited = await readAll(me, start.cursor);
    // Bo changed twice: once, at its latest place.
    expect(summary(edited.changes)).toEqual([
      ['Ada Lovelace', 'upserted'],
      ['Bo Bergman', 'upserted'],
    ]);
    expect(edited.changes[0]!.contact!.tags).toEqual(['investor']);

    const merged = await as(me, `/api/v1/contacts/${bo.id}/merge`, { method: 'POST', json: { other_id: cy.id } });
    expect(merged.status).toBe(200);
    expect((await as(me, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await readAll(me, edited.cursor);
    expect(after.changes.map(({ contact_id, change, merged_into }) => ({ contact_id, change, merged_into }))).toEqual([
      { contact_id: bo.id, change: 'upserted', merged_into: null },
      { contact_id: cy.id, change: 'deleted', merged_into: bo.id },
      { contact_id: ada.id, change: 'deleted', merged_into: null },
    ]);
    // The survivor as it is now, with what it gained; the tombstone carries no contact.
    expect(after.changes[0]!.contact).toMatchObject({ emails: ['cy@example.com'] });
    expect(after.changes[1]!.contact).toBeNull();

    // From the beginning: the live contact and the tombstones, so a new client starts right.
    expect(summary((await readAll(me)).changes)).toEqual([
      ['Bo Bergman', 'upserted'],
      [cy.id, 'deleted'],
      [ada.id, 'deleted'],
    ]);
  });

  it('sees dates, identifiers, organizations renamed, imports and bulk deletes', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', company: 'Acme' });
    const bo = await createContact(me, { first_name: 'Bo' });
    let { cursor } = await readAll(me);

    await as(me, `/api/v1/contacts/${bo.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 3, day: 14 } });
    expect(summary((await readAll(me, cursor)).changes)).toEqual([['Bo', 'upserted']]);
    ({ cursor } = await readAll(me, cursor));

    const { data: orgs } = await json(await as(me, '/api/v1/organizations?q=Acme'));
    const renamed = await as(me, `/api/v1/organizations/${orgs[0].id}`, { method: 'PATCH', json: { name: 'Acme Labs' } });
    expect(renamed.status).toBe(200);
    expect(summary((await readAll(me, cursor)).changes)).toEqual([['Ada', 'upserted']]);
    ({ cursor } = await readAll(me, cursor));

    await importCsv(me, 'First Name,Last Name,Email\nCy,Cole,cy@example.com\nDee,Dunn,dee@example.com\n');
    const imported = await readAll(me, cursor);
    expect(summary(imported.changes).sort()).toEqual([
      ['Cy Cole', 'upserted'],
      ['Dee Dunn', 'upserted'],
    ]);

    const bulk = await as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids: [ada.id, bo.id], action: 'delete' } });
    expect(bulk.status).toBe(200);
    expect(summary((await readAll(me, imported.cursor)).changes)).toEqual([
      [ada.id, 'deleted'],
      [bo.id, 'deleted'],
    ]);
  });

  it('pages with a cursor, never lists the score refresh, and never another user', async () => {
    const me = await signUp();
    const other = await signUp();
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan', 'Eve']) await createContact(me, { first_name: name });
    await createContact(other, { first_name: 'Zed' });

    const first = await changesSince(me, '', 2);
    expect(first.meta.has_more).toBe(true);
    const all = await readAll(me, '', 2);
    expect(summary(all.changes).map(([name]) => name)).toEqual(['Ann', 'Ben', 'Cat', 'Dan', 'Eve']);

    // The nightly refresh rewrites every score: no contact's card changed.
    const logged = await as(me, `/api/v1/contacts/${all.changes[0]!.contact_id}/meetings`, {
      method: 'POST',
      json: { title: 'Coffee', occurred_at: '2026-01-02T10:00:00Z' },
    });
    expect(logged.status).toBe(201);
    const afterLog = await readAll(me, all.cursor);
    await refreshRelationships(await userDeps(me), { type: 'refresh_relationships', user_id: me.user.id });
    expect((await readAll(me, afterLog.cursor)).changes).toEqual([]);
  });

  it('refuses a cursor older than the kept tombstones or not from this log, and a malformed one', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada' });
    const { cursor } = await readAll(me);
    await as(me, `/api/v1/contacts/${ada.id}`, { method: 'DELETE' });
    const bo = await createContact(me, { first_name: 'Bo' });

    // 91 days on, the nightly sweep drops Ada's tombstone: a client at `cursor` would never hear of it.
    while (await sweepTombstonePage(await userD1(me), new Date(Date.now() + 91 * 86_400_000)));
    const expired = await as(me, `/api/v1/changes?since=${cursor}`);
    expect(expired.status).toBe(410);
    expect((await json(expired)).error.code).toBe('cursor_expired');
    // Starting again from nothing gives what is there.
    expect((await readAll(me)).changes.map((c) => c.contact_id)).toEqual([bo.id]);

    const future = await as(me, '/api/v1/changes?since=999999999999');
    expect(future.status).toBe(410);
    const malformed = await as(me, '/api/v1/changes?since=abc');
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.code).toBe('invalid_request');
  });
});
