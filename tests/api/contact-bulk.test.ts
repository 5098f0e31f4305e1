import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

async function three(me: Session) {
  return [
    await createContact(me, { first_name: 'One', tags: ['keep'], emails: ['one@example.com'] }),
    await createContact(me, { first_name: 'Two', tags: ['Old'] }),
    await createContact(me, { first_name: 'Three', company: 'Before Inc' }),
  ] as { id: string }[];
}

const bulk = (me: Session, body: unknown) => as(me, '/api/v1/contacts/bulk', { method: 'POST', json: body });
const read = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}`))).data;

describe('bulk actions', () => {
  it('sets the priority of every selected contact', async () => {
    const me = await signUp();
    const [a, b, c] = await three(me);
    const res = await bulk(me, { ids: [a!.id, b!.id], action: 'set_priority', value: 'high' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ affected: 2 });
    expect((await read(me, a!.id)).priority).toBe('high');
    expect((await read(me, b!.id)).priority).toBe('high');
    expect((await read(me, c!.id)).priority).toBe('medium');
  });

  it('sets the company, linking an existing organization case-insensitively or creating one', async () => {
    const me = await signUp();
    const [a, b, c] = await three(me);
    await bulk(me, { ids: [a!.id, b!.id], action: 'set_company', value: '  before inc ' });
    const existing = (await read(me, c!.id)).company;
    expect((await read(me, a!.id)).company).toEqual(existing);
    await bulk(me, { ids: [a!.id, c!.id], action: 'set_company', value: 'Brand New Co' });
    const created = (await read(me, a!.id)).company;
    expect(created.name).toBe('Brand New Co');
    expect((await read(me, c!.id)).company).toEqual(created);
    const orgs = await json(await as(me, '/api/v1/organizations?q=brand'));
    expect(orgs.data).toHaveLength(1);
    // The company is searchable at once.
    const found = await json(await as(me, '/api/v1/contacts?q=brand'));
    expect(found.data.map((x: { id: string }) => x.id).sort()).toEqual([a!.id, c!.id].sort());
    await bulk(me, { ids: [a!.id], action: 'set_company', value: null });
    expect((await read(me, a!.id)).company).toBeNull();
  });

  it('adds and removes tags case-insensitively without duplicating them', async () => {
    const me = await signUp();
    const [a, b] = await three(me);
    await bulk(me, { ids: [a!.id, b!.id], action: 'add_tags', value: ['KEEP', 'new', 'New'] });
    expect((await read(me, a!.id)).tags).toEqual(['keep', 'new']);
    expect((await read(me, b!.id)).tags).toEqual(['KEEP', 'new', 'Old']);
    await bulk(me, { ids: [a!.id, b!.id], action: 'remove_tags', value: ['OLD', 'keep'] });
    expect((await read(me, a!.id)).tags).toEqual(['new']);
    expect((await read(me, b!.id)).tags).toEqual(['new']);
  });

  it('archives, which hides the contacts from the default list', async () => {
    const me = await signUp();
    const [a, b] = await three(me);
    await bulk(me, { ids: [a!.id, b!.id], action: 'archive' });
    expect((await read(me, a!.id)).priority).toBe('archived');
    const list = await json(await as(me, '/api/v1/contacts'));
    expect(list.meta.total).toBe(1);
  });

  it('deletes permanently with related data, and writes an audit record first', async () => {
    const me = await signUp();
    const [a, b, c] = await three(me);
    const res = await bulk(me, { ids: [a!.id, b!.id], action: 'delete' });
    expect((await json(res)).data).toEqual({ affected: 2 });
    expect((await as(me, `/api/v1/contacts/${a!.id}`)).status).toBe(404);
    expect((await as(me, `/api/v1/contacts/${c!.id}`)).status).toBe(200);
    const identifiers = await (
      await userD1(me)
    )
      .prepare('SELECT count(*) AS n FROM contact_identifiers WHERE contact_id = ?')
      .bind(a!.id)
      .first<{ n: number }>();
    expect(identifiers?.n).toBe(0);
    // The freed email can be used again, and search no longer finds the deleted contact.
    await createContact(me, { first_name: 'Reuse', emails: ['one@example.com'] });
    expect((await json(await as(me, '/api/v1/contacts?q=one'))).data.map((x: { full_name: string }) => x.full_name)).toEqual(['Reuse']);
    const audit = await (
      await userD1(me)
    )
      .prepare("SELECT data FROM audit_log WHERE user_id = ? AND action = 'contacts.bulk_delete'")
      .bind(me.user.id)
      .all<{ data: string }>();
    expect(audit.results).toHaveLength(1);
    expect(
      JSON.parse(audit.results[0]!.data)
        .contacts.map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([a!.id, b!.id].sort());
  });

  it("is atomic: one unknown or another user's id answers 404 and changes nothing", async () => {
    const me = await signUp();
    const stranger = await signUp();
    const theirs = await createContact(stranger, { first_name: 'Theirs' });
    const [a, b] = await three(me);
    for (const body of [
      { ids: [a!.id, theirs.id], action: 'delete' },
      { ids: [a!.id, b!.id, 'no-such-id'], action: 'set_priority', value: 'low' },
      { ids: [theirs.id], action: 'add_tags', value: ['mine'] },
      { ids: [a!.id, theirs.id], action: 'set_company', value: 'Should Not Exist' },
    ]) {
      const res = await bulk(me, body);
      expect(res.status, body.action).toBe(404);
      expect((await json(res)).error.code).toBe('not_found');
    }
    expect((await read(me, a!.id)).priority).toBe('medium');
    expect((await read(me, b!.id)).priority).toBe('medium');
    expect((await json(await as(stranger, `/api/v1/contacts/${theirs.id}`))).data.tags).toEqual([]);
    expect((await json(await as(me, '/api/v1/organizations?q=should'))).data).toEqual([]);
    expect((await json(await as(me, '/api/v1/contacts'))).meta.total).toBe(3);
  });

  it('refuses malformed requests: unknown actions, missing values, too many ids', async () => {
    const me = await signUp();
    const [a] = await three(me);
    for (const body of [
      { ids: [a!.id], action: 'explode' },
      { ids: [a!.id], action: 'set_priority', value: 'urgent' },
      { ids: [a!.id], action: 'add_tags' },
      { ids: [a!.id], action: 'add_tags', value: [] },
      { ids: [a!.id], action: 'archive', value: 'x' },
      { ids: [], action: 'archive' },
      { ids: Array.from({ length: 10_001 }, (_, i) => `id${i}`), action: 'archive' },
    ]) {
      const res = await bulk(me, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('handles a selection of thousands in one request', async () => {
    const me = await signUp();
    const now = new Date().toISOString();
    const ids = Array.from({ length: 2500 }, (_, i) => `bulk-${me.user.id}-${i}`);
    await (
      await userD1(me)
    )
      .prepare(
        `INSERT INTO contacts (id, user_id, first_name, full_name, name_sort, bcc_token, created_at, updated_at)
         SELECT value, ?1, 'Many', 'Many', 'many', value, ?2, ?2 FROM json_each(?3)`,
      )
      .bind(me.user.id, now, JSON.stringify(ids))
      .run();
    const tagged = await bulk(me, { ids, action: 'add_tags', value: ['bulk'] });
    expect((await json(tagged)).data).toEqual({ affected: 2500 });
    expect((await json(await as(me, '/api/v1/contacts?tag=bulk&page_size=1'))).meta.total).toBe(2500);
    const deleted = await bulk(me, { ids, action: 'delete' });
    expect((await json(deleted)).data).toEqual({ affected: 2500 });
    expect((await json(await as(me, '/api/v1/contacts?q=many'))).meta.total).toBe(0);
    expect((await json(await as(me, '/api/v1/contacts'))).meta.total).toBe(0);
  });

  it('is published in the OpenAPI document with the list, ids and 2nd-tier endpoints', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/contacts',
        '/api/v1/contacts/ids',
        '/api/v1/contacts/bulk',
        '/api/v1/contacts/2nd-tier/count',
        '/api/v1/contacts/2nd-tier',
      ]),
    );
    const listParams = doc.paths['/api/v1/contacts'].get.parameters.map((p: { name: string }) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining(['q', 'tag', 'source', 'score_min', 'score_max', 'priority', 'sort', 'page', 'page_size']),
    );
  });

  it('merges the selection into the first contact, losslessly, and refuses a selection of one', async () => {
    const me = await signUp();
    const first = await createContact(me, { first_name: 'Ana', emails: ['ana@work.example'], tags: ['vip'] });
    const second = await createContact(me, {
      first_name: 'Ana',
      last_name: 'Lima',
      emails: ['ana@home.example'],
      title: 'CTO',
      tags: ['friend'],
    });
    const third = await createContact(me, { first_name: 'A.', phones: ['+55 11 5555 0000'] });
    const res = await bulk(me, { ids: [first.id, second.id, third.id], action: 'merge' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ affected: 3, id: first.id });
    const merged = (await json(await as(me, `/api/v1/contacts/${first.id}`))).data;
    expect(merged).toMatchObject({ first_name: 'Ana', last_name: 'Lima', title: 'CTO', phones: ['+55 11 5555 0000'] });
    expect([...merged.emails].sort()).toEqual(['ana@home.example', 'ana@work.example']);
    expect(merged.tags).toEqual(['friend', 'vip']);
    expect((await as(me, `/api/v1/contacts/${second.id}`)).status).toBe(404);
    expect((await as(me, `/api/v1/contacts/${third.id}`)).status).toBe(404);
    expect((await bulk(me, { ids: [first.id], action: 'merge' })).status).toBe(422);
  });
});
