import { describe, expect, it } from 'vitest';
import { as, createContact, signUp, type Session } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// #45: an agent reads a contact's family and the people around them over MCP, a small page at a
// time, through the same walks as the contact page (ADR 048); a token limited to some contacts
// never gets a walk that would cross the others.

const link = async (me: Session, from: string, body: Record<string, unknown>) =>
  expect((await as(me, `/api/v1/contacts/${from}/relationships`, { method: 'POST', json: body })).status).toBe(201);

describe('the family and neighbourhood MCP tools', () => {
  it('give the family with relations and birthdays, and the two rings around a contact, paged', async () => {
    const me = await signUp();
    const [ana, bo, cy, dee, gil] = await Promise.all(
      ['Ana', 'Bo', 'Cy', 'Dee', 'Gil'].map((first_name) => createContact(me, { first_name, last_name: 'Berg' })),
    );
    await link(me, ana.id, { kind: 'spouse', other_contact_id: bo.id });
    await link(me, ana.id, { kind: 'child', other_contact_id: cy.id });
    await link(me, cy.id, { kind: 'spouse', other_contact_id: dee.id });
    await link(me, bo.id, { kind: 'child', person: { name: 'Mia Berg', note: '7 years old' } });
    await link(me, ana.id, { kind: 'colleague', other_contact_id: gil.id });
    await as(me, `/api/v1/contacts/${cy.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 1, day: 1, year: 1990 } });

    const client = await mcpClient((await newToken(me, { scopes: ['contacts:read'] })).token);
    const tools = (await client.listTools()).tools;
    expect(tools.find((t) => t.name === 'family')!.annotations).toMatchObject({ readOnlyHint: true });

    const first = await callTool(client, 'family', { contact_id: ana.id, limit: 2 });
    expect(first.contact).toEqual({ id: ana.id, name: 'Ana Berg' });
    expect(first.people.map((p: any) => [p.name, p.relation, p.generation])).toEqual([
      ['Bo Berg', 'spouse', 0],
      ['Cy Berg', 'child', 1],
    ]);
    expect(first.people[1].birthday).toMatchObject({ month: 1, day: 1, year: 1990, age: new Date().getUTCFullYear() - 1990 });
    expect(first).toMatchObject({ total: 4, truncated: false });
    const rest = await callTool(client, 'family', { contact_id: ana.id, cursor: first.next_cursor });
    expect(rest.people.map((p: any) => [p.name, p.relation, p.type])).toEqual([
      ['Dee Berg', 'spouse of Cy Berg', 'contact'],
      ['Mia Berg', 'child of Bo Berg', 'person'],
    ]);
    expect(rest.next_cursor).toBeNull();

    const around = await callTool(client, 'neighbourhood', { contact_id: ana.id });
    expect(around.people.map((p: any) => [p.name, p.ring, p.relation, p.via?.name ?? null])).toEqual([
      ['Bo Berg', 1, 'spouse', null],
      ['Cy Berg', 1, 'child', null],
      ['Gil Berg', 1, 'colleague', null],
      ['Dee Berg', 2, 'spouse', 'Cy Berg'],
      ['Mia Berg', 2, 'child', 'Bo Berg'],
    ]);
    expect(around).toMatchObject({ total: 5, left_out: 0, next_cursor: null });
    expect((await callTool(client, 'neighbourhood', { contact_id: ana.id, limit: 3 })).next_cursor).not.toBeNull();

    // Another user's contact is not found; a page too large is refused before Kith runs.
    const other = await signUp();
    expect((await callTool(client, 'family', { contact_id: other.user.id })).error.code).toBe('not_found');
    expect((await callTool(client, 'neighbourhood', { contact_id: ana.id, limit: 500 })).error.code).toBe('invalid_params');
    await client.close();
  });

  it('refuses a token limited by tag, which would otherwise see people outside its tags', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', tags: ['work'] });
    const bo = await createContact(me, { first_name: 'Bo', tags: ['family'] });
    await link(me, ana.id, { kind: 'spouse', other_contact_id: bo.id });
    const client = await mcpClient((await newToken(me, { contact_tags: ['work'] })).token);
    for (const tool of ['family', 'neighbourhood']) {
      const refused = await callTool(client, tool, { contact_id: ana.id });
      expect(refused.error.code, tool).toBe('insufficient_scope');
      expect(JSON.stringify(refused)).not.toContain('Bo');
    }
    // A token limited to some tools lists only those.
    const only = await mcpClient((await newToken(me, { tools: ['family'] })).token);
    expect((await only.listTools()).tools.map((t) => t.name)).toEqual(['family']);
    await client.close();
    await only.close();
  });
});
