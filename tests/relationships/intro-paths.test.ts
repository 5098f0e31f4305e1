import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';
import { userD1 } from '../support/stores';

// #45: "who can introduce me to Dee": a seeded network where the best path is known. Your own
// tie to the introducer (the score) counts most, an explicit relationship more than a shared
// company or a small group, and a third hop least; archived contacts introduce no one.

const link = async (me: Session, from: string, kind: string, to: string) =>
  expect((await as(me, `/api/v1/contacts/${from}/relationships`, { method: 'POST', json: { kind, other_contact_id: to } })).status).toBe(
    201,
  );

async function scored(me: Session, first: string, score: number, extra: Record<string, unknown> = {}) {
  const c = await createContact(me, { first_name: first, ...extra });
  // The score is what the scorer writes from interactions; set here as the network's premise.
  await (await userD1(me)).prepare('UPDATE contacts SET relationship_score = ?1 WHERE id = ?2').bind(score, c.id).run();
  return c;
}

const pathsTo = async (me: Session, id: string, query = '') => json(await as(me, `/api/v1/contacts/${id}/intro-paths${query}`));

describe('intro paths', () => {
  it('ranks the paths to a contact: relationship before shared company before a third hop, warm introducers first', async () => {
    const me = await signUp();
    const dee = await scored(me, 'Dee', 3, { company: 'Acme' });
    const cy = await scored(me, 'Cy', 80);
    await scored(me, 'Eve', 90, { company: 'Acme' });
    const gil = await scored(me, 'Gil', 5);
    const fay = await scored(me, 'Fay', 95);
    const hal = await scored(me, 'Hal', 40);
    const ivo = await scored(me, 'Ivo', 99, { priority: 'archived' });
    await scored(me, 'Stranger', 100);
    await link(me, dee.id, 'colleague', cy.id);
    await link(me, dee.id, 'sibling', gil.id);
    await link(me, gil.id, 'friend', fay.id);
    await link(me, dee.id, 'friend', ivo.id);
    const d1 = await userD1(me);
    await d1
      .prepare(
        "INSERT INTO messaging_groups (id, user_id, channel, external_id, title, member_count, created_at, updated_at) VALUES ('g1', ?1, 'telegram', 'tg1', 'Climbers', 5, '2026-01-01', '2026-01-01')",
      )
      .bind(me.user.id)
      .run();
    for (const c of [dee, hal])
      await d1
        .prepare("INSERT INTO messaging_group_members (user_id, group_id, contact_id) VALUES (?1, 'g1', ?2)")
        .bind(me.user.id, c.id)
        .run();

    const res = await pathsTo(me, dee.id, '?limit=10');
    expect(res.data.target).toEqual({ id: dee.id, name: 'Dee' });
    const ranked = res.data.paths.map((p: any) => [p.introducer.name, p.hops, p.score]);
    expect(ranked).toEqual([
      ['Cy', 2, 81], // (80 + 1) × relationship
      ['Eve', 2, 54.6], // (90 + 1) × shared company 0.6
      ['Fay', 3, 48], // (95 + 1) × friend × sibling × third hop 0.5
      ['Hal', 2, 20.5], // (40 + 1) × small group 0.5
      ['Gil', 2, 6],
    ]);
    const [viaCy, viaEve, viaFay] = res.data.paths;
    expect(viaCy.steps).toEqual([
      { from: { id: cy.id, name: 'Cy' }, to: { id: dee.id, name: 'Dee' }, evidence: [expect.objectContaining({ type: 'relationship' })] },
    ]);
    expect(viaCy.steps[0].evidence[0].text).toMatch(/colleague/);
    expect(viaEve.steps[0].evidence).toEqual([{ type: 'organization', text: expect.stringContaining('both at Acme') }]);
    expect(viaFay.steps.map((s: any) => [s.from.name, s.to.name])).toEqual([
      ['Fay', 'Gil'],
      ['Gil', 'Dee'],
    ]);
    expect(res.data.paths[3].steps[0].evidence[0].text).toContain('Climbers');

    // The limit cuts the ranked list; another user's contact is not found; a bad limit is a clear 400.
    expect((await pathsTo(me, dee.id, '?limit=2')).data.paths.map((p: any) => p.introducer.name)).toEqual(['Cy', 'Eve']);
    const other = await signUp();
    expect((await as(other, `/api/v1/contacts/${dee.id}/intro-paths`)).status).toBe(404);
    const bad = await as(me, `/api/v1/contacts/${dee.id}/intro-paths?limit=500`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBeTruthy();

    // An agent asks the same over MCP, and gets the same ranking.
    const client = await mcpClient((await newToken(me)).token);
    const viaMcp = await callTool(client, 'intro_paths', { contact_id: dee.id, limit: 3 });
    expect(viaMcp.paths.map((p: any) => p.introducer.name)).toEqual(['Cy', 'Eve', 'Fay']);
    expect((await callTool(client, 'intro_paths', { contact_id: other.user.id })).error.code).toBe('not_found');
    await client.close();
  });

  it('answers no paths for someone nobody you know knows', async () => {
    const me = await signUp();
    const alone = await createContact(me, { first_name: 'Alone' });
    await createContact(me, { first_name: 'Other' });
    expect((await pathsTo(me, alone.id)).data.paths).toEqual([]);
  });
});
