import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp } from '../support/client';

describe('tags', () => {
  it('lists every tag with its count, case-insensitively, most used first', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'A', tags: ['Investor', 'friend'] });
    await createContact(me, { first_name: 'B', tags: ['investor'] });
    const { data } = await json(await as(me, '/api/v1/tags'));
    expect(data).toEqual([
      { tag: expect.stringMatching(/^investor$/i), count: 2 },
      { tag: 'friend', count: 1 },
    ]);
  });

  it('renames a tag onto an existing one, merging them without duplicates', async () => {
    const me = await signUp();
    const both = await createContact(me, { first_name: 'Both', tags: ['vc', 'investor'] });
    const vcOnly = await createContact(me, { first_name: 'VC', tags: ['vc'] });
    const res = await as(me, '/api/v1/tags/vc', { method: 'PATCH', json: { name: 'Investor' } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.affected).toBe(2);
    expect((await json(await as(me, `/api/v1/contacts/${both.id}`))).data.tags).toEqual(['Investor']);
    expect((await json(await as(me, `/api/v1/contacts/${vcOnly.id}`))).data.tags).toEqual(['Investor']);
    expect((await json(await as(me, '/api/v1/tags'))).data).toEqual([{ tag: 'Investor', count: 2 }]);
  });

  it('deletes a tag from every contact but keeps the contacts', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Keep', tags: ['temp', 'stay'] });
    const res = await as(me, '/api/v1/tags/TEMP', { method: 'DELETE' });
    expect((await json(res)).data.affected).toBe(1);
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data.tags).toEqual(['stay']);
  });

  it("answers 404 for a tag the user does not have, including another user's", async () => {
    const a = await signUp();
    const b = await signUp();
    await createContact(a, { first_name: 'A', tags: ['secret'] });
    expect((await as(b, '/api/v1/tags/secret', { method: 'PATCH', json: { name: 'mine' } })).status).toBe(404);
    expect((await as(b, '/api/v1/tags/secret', { method: 'DELETE' })).status).toBe(404);
    expect((await json(await as(a, '/api/v1/tags'))).data).toEqual([{ tag: 'secret', count: 1 }]);
  });
});

describe('organizations', () => {
  it("lists an organization's contacts by score and merges a duplicate organization into it", async () => {
    const me = await signUp();
    const a = await createContact(me, { first_name: 'A', company: 'Stripe' });
    const b = await createContact(me, { first_name: 'B', company: 'Stripe Inc' });
    const stripe = a.company.id;
    const dup = b.company.id;
    await as(me, `/api/v1/organizations/${dup}`, { method: 'PATCH', json: { website: 'https://stripe.com', industry: 'Fintech' } });

    const merged = await as(me, `/api/v1/organizations/${stripe}/merge`, { method: 'POST', json: { other_id: dup } });
    expect(merged.status).toBe(200);
    expect((await json(merged)).data).toMatchObject({ id: stripe, name: 'Stripe', website: 'https://stripe.com', industry: 'Fintech' });
    expect((await as(me, `/api/v1/organizations/${dup}`)).status).toBe(404);
    const members = await json(await as(me, `/api/v1/organizations/${stripe}/contacts`));
    expect(members.meta.total).toBe(2);
    expect((await json(await as(me, `/api/v1/contacts/${b.id}`))).data.company).toEqual({ id: stripe, name: 'Stripe' });
  });

  it("refuses to merge an organization into itself and hides other users' organizations", async () => {
    const a = await signUp();
    const b = await signUp();
    const c = await createContact(a, { first_name: 'A', company: 'Solo' });
    expect((await as(a, `/api/v1/organizations/${c.company.id}/merge`, { method: 'POST', json: { other_id: c.company.id } })).status).toBe(
      422,
    );
    const mine = await createContact(b, { first_name: 'B', company: 'Mine' });
    expect(
      (await as(b, `/api/v1/organizations/${mine.company.id}/merge`, { method: 'POST', json: { other_id: c.company.id } })).status,
    ).toBe(404);
    expect((await as(b, `/api/v1/organizations/${c.company.id}/contacts`)).status).toBe(404);
  });

  it("refuses renaming an organization onto another one's name with 409", async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'A', company: 'Alpha' });
    const beta = await createContact(me, { first_name: 'B', company: 'Beta' });
    const res = await as(me, `/api/v1/organizations/${beta.company.id}`, { method: 'PATCH', json: { name: 'ALPHA' } });
    expect(res.status).toBe(409);
  });
});
