import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';

const post = (session: any, body: unknown) => as(session, '/api/v1/smart-lists', { method: 'POST', json: body });

describe('smart lists', () => {
  it('saves, lists, renames, re-filters and deletes a saved filter of the contact list', async () => {
    const me = await signUp();
    const created = await post(me, {
      name: 'Investors in Berlin',
      filters: { q: 'berlin', tags: ['Investor', 'VC'], priorities: ['high'], score_min: 2.5, sort: 'name' },
    });
    expect(created.status).toBe(201);
    const list = (await json(created)).data;
    expect(list).toMatchObject({
      name: 'Investors in Berlin',
      filters: { q: 'berlin', tags: ['Investor', 'VC'], sources: [], priorities: ['high'], score_min: 2.5, score_max: null, sort: 'name' },
      search: 'q=berlin&tag=Investor&tag=VC&priority=high&score_min=2.5&sort=name',
    });
    // Default filters leave nothing in the query string, as the list page writes its URL.
    const all = (await json(await post(me, { name: 'everyone', filters: {} }))).data;
    expect(all.search).toBe('');

    const listed = (await json(await as(me, '/api/v1/smart-lists'))).data;
    expect(listed.map((l: any) => l.name)).toEqual(['everyone', 'Investors in Berlin']);

    const renamed = await as(me, `/api/v1/smart-lists/${list.id}`, { method: 'PATCH', json: { name: 'Berlin VCs' } });
    expect(renamed.status).toBe(200);
    expect((await json(renamed)).data).toMatchObject({ name: 'Berlin VCs', search: list.search });
    const refiltered = await as(me, `/api/v1/smart-lists/${list.id}`, {
      method: 'PATCH',
      json: { filters: { sources: ['linkedin'], sort: '-last_interaction_at' } },
    });
    expect((await json(refiltered)).data).toMatchObject({ name: 'Berlin VCs', search: 'source=linkedin&sort=-last_interaction_at' });

    expect((await as(me, `/api/v1/smart-lists/${list.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await as(me, '/api/v1/smart-lists'))).data.map((l: any) => l.name)).toEqual(['everyone']);
    expect((await as(me, `/api/v1/smart-lists/${list.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('the saved search opens the same contacts as the filters it was saved from', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Ada', tags: ['Investor'], priority: 'high' });
    await createContact(me, { first_name: 'Bob', tags: ['Investor'], priority: 'low' });
    const { data } = await json(await post(me, { name: 'Key investors', filters: { tags: ['investor'], priorities: ['high'] } }));
    const found = (await json(await as(me, `/api/v1/contacts?${data.search}`))).data;
    expect(found.map((c: any) => c.full_name)).toEqual(['Ada']);
  });

  it('refuses duplicate names (case-insensitively), bad filters and unknown fields', async () => {
    const me = await signUp();
    expect((await post(me, { name: 'Friends', filters: {} })).status).toBe(201);
    const dup = await post(me, { name: '  FRIENDS ', filters: { q: 'x' } });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.code).toBe('conflict');
    expect((await post(me, { name: '', filters: {} })).status).toBe(400);
    expect((await post(me, { name: 'Bad sort', filters: { sort: 'email' } })).status).toBe(400);
    expect((await post(me, { name: 'Bad score', filters: { score_min: 11 } })).status).toBe(400);
    expect((await post(me, { name: 'Extra', filters: {}, color: 'red' })).status).toBe(400);
    const other = (await json(await post(me, { name: 'Other', filters: {} }))).data;
    expect((await as(me, `/api/v1/smart-lists/${other.id}`, { method: 'PATCH', json: { name: 'friends' } })).status).toBe(409);
    // Renaming a list to its own name in another case is fine.
    expect((await as(me, `/api/v1/smart-lists/${other.id}`, { method: 'PATCH', json: { name: 'OTHER' } })).status).toBe(200);
  });

  it("keeps each user's smart lists to that user", async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const mine = (await json(await post(alice, { name: 'Mine', filters: { q: 'secret' } }))).data;
    // Bob may use the same name: names are unique per user only.
    expect((await post(bob, { name: 'Mine', filters: {} })).status).toBe(201);
    expect((await json(await as(bob, '/api/v1/smart-lists'))).data.map((l: any) => l.filters.q)).toEqual(['']);
    expect((await as(bob, `/api/v1/smart-lists/${mine.id}`, { method: 'PATCH', json: { name: 'Stolen' } })).status).toBe(404);
    expect((await as(bob, `/api/v1/smart-lists/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await json(await as(alice, '/api/v1/smart-lists'))).data).toMatchObject([
      { id: mine.id, name: 'Mine', filters: { q: 'secret' } },
    ]);
    expect((await call('/api/v1/smart-lists')).status).toBe(401);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths['/api/v1/smart-lists'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/v1/smart-lists/{id}'])).toEqual(expect.arrayContaining(['patch', 'delete']));
    expect(Object.keys(doc.paths['/api/v1/imports/vcard'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/v1/contact-photos/{hash}'])).toEqual(['get']);
  });
});
