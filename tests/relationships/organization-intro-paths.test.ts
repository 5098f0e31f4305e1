import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

// #45: "who can introduce me to someone at Acme": the contact ranking walked from every person at
// the organization at once; the people at it are where paths end, never introducers.

const link = async (me: Session, from: string, kind: string, to: string) =>
  expect((await as(me, `/api/v1/contacts/${from}/relationships`, { method: 'POST', json: { kind, other_contact_id: to } })).status).toBe(
    201,
  );

async function scored(me: Session, first: string, score: number, extra: Record<string, unknown> = {}) {
  const c = await createContact(me, { first_name: first, ...extra });
  await (await userD1(me)).prepare('UPDATE contacts SET relationship_score = ?1 WHERE id = ?2').bind(score, c.id).run();
  return c;
}

describe('intro paths to an organization', () => {
  it('ranks who can introduce me to anyone at it, each path ending at someone there', async () => {
    const me = await signUp();
    const dee = await scored(me, 'Dee', 3, { company: 'Acme' });
    const eve = await scored(me, 'Eve', 90, { company: 'Acme' });
    const cy = await scored(me, 'Cy', 80, { company: 'Beta' });
    const hal = await scored(me, 'Hal', 40);
    const zed = await scored(me, 'Zed', 60);
    await scored(me, 'Stranger', 100);
    await link(me, dee.id, 'colleague', cy.id);
    await link(me, eve.id, 'friend', hal.id);
    await link(me, cy.id, 'friend', zed.id);
    const acme = (await json(await as(me, '/api/v1/organizations?q=Acme'))).data[0];

    const res = await as(me, `/api/v1/organizations/${acme.id}/intro-paths?limit=10`);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.organization).toEqual({ id: acme.id, name: 'Acme' });
    // Eve is warm but at Acme herself: she is where a path ends, not who you ask.
    expect(data.paths.map((p: any) => [p.introducer.name, p.hops, p.score, p.steps.at(-1).to.name])).toEqual([
      ['Cy', 2, 81, 'Dee'], // (80 + 1) × relationship
      ['Hal', 2, 41, 'Eve'],
      ['Zed', 3, 30.5, 'Dee'], // (60 + 1) × friend × colleague × third hop 0.5
    ]);
    expect(data.paths[0].steps[0].evidence[0].text).toMatch(/colleague/);

    // An organization with nobody at it has no paths; another user's is not found; a bad limit is a clear 400.
    const empty = (await json(await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'Nobody Inc' } }))).data;
    expect((await json(await as(me, `/api/v1/organizations/${empty.id}/intro-paths`))).data.paths).toEqual([]);
    const other = await signUp();
    const theirs = await as(other, `/api/v1/organizations/${acme.id}/intro-paths`);
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).error.code).toBe('not_found');
    const bad = await as(me, `/api/v1/organizations/${acme.id}/intro-paths?limit=500`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBeTruthy();
  });
});
