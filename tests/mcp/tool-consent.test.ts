import { describe, expect, it } from 'vitest';
import { as, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';
import { connectApp, openConsent } from '../support/mcp-oauth';

// Issue 47, ADR 051: the user chooses which tools an app or a token may use, on the consent page
// and the token form. A tool left out is not listed, and a call to it is refused in Kith's words.

const READ_TOOLS = ['search_contacts', 'get_contact', 'list_due', 'draft_message', 'intro_paths', 'family', 'neighbourhood'];
const listed = async (token: string) => {
  const client = await mcpClient(token);
  const names = (await client.listTools()).tools.map((t) => t.name);
  await client.close();
  return names;
};

async function consentPage(me: Session) {
  const registered = await as(me, '/oauth/register', {
    method: 'POST',
    json: { client_name: 'Claude', redirect_uris: ['https://client.example/callback'] },
  });
  const clientId = (await json(registered)).client_id as string;
  const url = new URL(`${ORIGIN}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: 'https://client.example/callback',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGrSjZGkZU',
    code_challenge_method: 'S256',
  }).toString();
  return (await openConsent(me, url)).html.replaceAll('<!-- -->', '');
}

describe('choosing the tools an app may use on the consent page', () => {
  it('offers every tool it could use, send_message unticked; what the user ticks is all it is given', async () => {
    const me = await signUp();
    const html = await consentPage(me);
    const boxes = [...html.matchAll(/<input type="checkbox" name="tools"[^>]*>/g)].map(([box]) => [
      box.match(/value="([a-z_]+)"/)![1],
      box.includes('checked=""'),
    ]);
    expect(boxes).toContainEqual(['search_contacts', true]);
    expect(boxes).toContainEqual(['add_note', true]);
    expect(boxes).toContainEqual(['send_message', false]);
    expect(html).toContain('Send messages in your name');

    const bo = await createContact(me, { first_name: 'Bo' });
    const app = await connectApp(me, 'Claude', {
      decision: 'allow',
      access: 'write',
      tools_shown: '1',
      tools: ['search_contacts', 'get_contact'],
    });
    expect(await listed(app.tokens.access_token)).toEqual(['search_contacts', 'get_contact']);
    const client = await mcpClient(app.tokens.access_token);
    const refused = await callTool(client, 'add_note', { contact_id: bo.id, body: 'not allowed' });
    expect(refused.error).toMatchObject({
      code: 'insufficient_scope',
      message: 'This access token may not use the tool add_note',
      details: { tool: 'add_note', allowed_tools: ['search_contacts', 'get_contact'] },
    });
    await client.close();
    expect((await json(await as(me, `/api/v1/contacts/${bo.id}/timeline`))).data).toEqual([]);

    const [shown] = (await json(await as(me, '/api/v1/connected-apps'))).data;
    expect(shown.tools).toEqual(['search_contacts', 'get_contact']);
    const settings = (await (await as(me, '/settings')).text()).replaceAll('<!-- -->', '');
    expect(settings).toContain('Tools: only: search your contacts; read a contact and their recent timeline');
    const log = (await json(await as(me, '/api/v1/audit-log?page_size=20'))).data.map((e: { summary: string }) => e.summary);
    expect(log).toContain('Claude (agent) used add_note: refused (insufficient_scope)');
  });

  it('keeps every tool but send_message when the user changes nothing, and refuses none ticked', async () => {
    const me = await signUp();
    const app = await connectApp(me, 'Claude', {
      decision: 'allow',
      access: 'read',
      tools_shown: '1',
      tools: READ_TOOLS,
    });
    expect((await json(await as(me, '/api/v1/connected-apps'))).data[0].tools).toBeNull();
    expect(await listed(app.tokens.access_token)).toEqual(READ_TOOLS);
    expect((await (await as(me, '/settings')).text()).replaceAll('<!-- -->', '')).toContain('Tools: every tool but sending messages');

    const none = await as(me, '/settings', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'create-token', name: 'x', tools_shown: '1' }),
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Tick at least one agent tool');
  });
});

describe('a call to a tool the token may not use', () => {
  it('is refused with the scope it lacks, not "not found"', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const client = await mcpClient((await newToken(me, { scopes: ['contacts:read'] })).token);
    const refused = await callTool(client, 'add_note', { contact_id: bo.id, body: 'sneaky' });
    expect(refused.error).toMatchObject({ code: 'insufficient_scope', details: { needed: 'contacts:write' } });
    // A name Kith has no tool for is still the SDK's own answer.
    const unknown = await client.callTool({ name: 'rm_rf', arguments: {} });
    expect((unknown.content as { text: string }[])[0]!.text).toContain('Tool rm_rf not found');
    await client.close();
  });
});
