import { describe, expect, it } from 'vitest';
import { FIRST_RING } from '../../worker/domain/circles/neighbourhood';
import { as, call, createContact, json, signUp, type Session } from '../support/client';
import { newToken } from '../support/mcp-client';

// #45: "a small graph view of a contact's neighbourhood (two hops)": the people linked to a
// contact and the people linked to those, each ring cut to stay readable, with what left out.

const link = async (me: Session, from: string, body: Record<string, unknown>) =>
  expect((await as(me, `/api/v1/contacts/${from}/relationships`, { method: 'POST', json: body })).status).toBe(201);
const around = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}/neighbourhood`))).data;

describe('the neighbourhood graph', () => {
  it('answers two rings of people and the links between them, each link once, in words', async () => {
    const me = await signUp();
    const [ana, bo, cy, dee, eve] = await Promise.all(
      ['Ana', 'Bo', 'Cy', 'Dee', 'Eve'].map((first_name) => createContact(me, { first_name })),
    );
    await link(me, ana.id, { kind: 'spouse', other_contact_id: bo.id });
    await link(me, ana.id, { kind: 'friend', other_contact_id: cy.id });
    await link(me, bo.id, { kind: 'sibling', other_contact_id: cy.id }); // both in the first ring
    await link(me, cy.id, { kind: 'manager', other_contact_id: dee.id });
    await link(me, dee.id, { kind: 'friend', other_contact_id: eve.id }); // three links out: not drawn
    await link(me, bo.id, { kind: 'child', person: { name: 'Mia' } });

    const view = await around(me, ana.id);
    expect(view.contact).toEqual({ id: ana.id, name: 'Ana' });
    expect(view.nodes.map((n: any) => [n.name, n.ring, n.type])).toEqual([
      ['Ana', 0, 'contact'],
      ['Bo', 1, 'contact'],
      ['Cy', 1, 'contact'],
      ['Dee', 2, 'contact'],
      ['Mia', 2, 'person'],
    ]);
    expect(view.nodes.find((n: any) => n.name === 'Dee').parent).toBe(cy.id);
    const nameOf = (id: string) => view.nodes.find((n: any) => n.id === id).name;
    const edges = view.edges.map((e: any) => `${nameOf(e.from)}→${nameOf(e.to)}: ${e.relation}`).sort();
    expect(edges).toEqual(['Ana→Bo: spouse', 'Ana→Cy: friend', 'Bo→Cy: sibling', 'Bo→Mia: child', 'Cy→Dee: manager']);
    expect(view.left_out).toEqual({ first: 0, second: 0 });
  });

  it('cuts the first ring and says how many it left out; refuses a limited token and another user', async () => {
    const me = await signUp();
    const hub = await createContact(me, { first_name: 'Hub' });
    for (let i = 0; i < FIRST_RING + 3; i++) await link(me, hub.id, { kind: 'friend', person: { name: `Friend ${i}` } });
    const view = await around(me, hub.id);
    expect(view.nodes.filter((n: any) => n.ring === 1)).toHaveLength(FIRST_RING);
    expect(view.left_out.first).toBe(3);

    const limited = await newToken(me, { contact_tags: ['work'] });
    for (const path of ['neighbourhood', 'family']) {
      const res = await call(`/api/v1/contacts/${hub.id}/${path}`, { headers: { authorization: `Bearer ${limited.token}` } });
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe('insufficient_scope');
    }
    const other = await signUp();
    expect((await as(other, `/api/v1/contacts/${hub.id}/neighbourhood`)).status).toBe(404);
  });
});
