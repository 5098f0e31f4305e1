import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// Issue 47: what an agent did is in the activity log, with the client's name, the tool and the
// contact it touched (linked), refusals too; so is each write an access token made.

type Entry = { action: string; subject_type: string; subject_id: string | null; summary: string; data: Record<string, unknown> };
const activity = async (me: Parameters<typeof as>[0]) => (await json(await as(me, '/api/v1/audit-log?page_size=50'))).data as Entry[];

describe('the activity log of agents and tokens', () => {
  it('records each MCP tool call with the client, the tool and the contact, refused ones too', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    const { token, id: tokenId } = await newToken(me, { name: 'Claude Desktop' });
    const client = await mcpClient(token);
    await callTool(client, 'add_note', { contact_id: ada.id, body: 'Met at the conference' });
    const made = await callTool(client, 'create_contact', { first_name: 'Bo', last_name: 'Berg' });
    await callTool(client, 'search_contacts', { query: 'Lovelace' });
    await callTool(client, 'get_contact', { contact_id: 'not-a-contact' });
    await client.close();

    const calls = (await activity(me)).filter((e) => e.action === 'agent.tool_call').reverse();
    expect(calls.map((e) => e.summary)).toEqual([
      'Claude Desktop (agent) used add_note on Ada Lovelace',
      'Claude Desktop (agent) used create_contact on Bo Berg',
      'Claude Desktop (agent) used search_contacts',
      'Claude Desktop (agent) used get_contact on a contact it could not see: refused (not_found)',
    ]);
    expect(calls[0]).toMatchObject({
      subject_type: 'contact',
      subject_id: ada.id,
      data: { client: 'Claude Desktop', token_id: tokenId, tool: 'add_note' },
    });
    expect(calls[1]!.subject_id).toBe(made.id);

    const page = await (await as(me, '/settings/audit')).text();
    expect(page).toContain('Claude Desktop (agent) used add_note on Ada Lovelace');
    expect(page).toContain(`href="/contacts/${ada.id}"`);
  });

  it("records each write a token makes through the API, and none of its reads or of the session's writes", async () => {
    const me = await signUp();
    const { token } = await newToken(me, { name: 'Zapier' });
    const auth = { authorization: `Bearer ${token}` };
    const created = await call('/api/v1/contacts', { method: 'POST', headers: auth, json: { first_name: 'Cy' } });
    const cy = (await json(created)).data;
    await call(`/api/v1/contacts/${cy.id}/notes`, { method: 'POST', headers: auth, json: { body: 'hello' } });
    await call(`/api/v1/contacts/${cy.id}`, { headers: auth });
    await call('/api/v1/contacts/nope/notes', { method: 'POST', headers: auth, json: { body: 'x' } });
    await as(me, `/api/v1/contacts/${cy.id}/notes`, { method: 'POST', json: { body: 'mine' } });

    const writes = (await activity(me)).filter((e) => e.action === 'token.write').reverse();
    expect(writes.map((e) => e.summary)).toEqual([
      'Zapier (access token) made POST /contacts on Cy',
      'Zapier (access token) made POST /contacts/{id}/notes on Cy',
    ]);
    expect(writes[1]).toMatchObject({ subject_type: 'contact', subject_id: cy.id });
  });
});
