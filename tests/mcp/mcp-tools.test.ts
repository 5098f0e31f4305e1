import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// Issue 47: an agent reaches Kith over MCP (the SDK's own client against the real Worker) and
// every tool does what the same REST route does, for the token's user only.

describe('the MCP server at /mcp', () => {
  it('refuses a request without a valid token, and a browser page of another origin', async () => {
    const anonymous = await call('/mcp', { method: 'POST', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await json(anonymous)).error.code).toBe('unauthenticated');
    const wrong = await call('/mcp', { method: 'POST', headers: { authorization: 'Bearer kith_nope' }, json: {} });
    expect(wrong.status).toBe(401);

    const me = await signUp();
    const { token } = await newToken(me);
    const foreign = await call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(foreign.status).toBe(403);
    const stream = await call('/mcp', { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(400);
    expect(stream.headers.get('allow')).toBe('POST');
  });

  it('lists every tool with descriptions for models, the contact card and both prompts', async () => {
    const me = await signUp();
    const client = await mcpClient((await newToken(me)).token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_contacts',
      'get_contact',
      'list_due',
      'add_note',
      'log_interaction',
      'create_contact',
      'update_contact',
      'set_reminder',
      'draft_message',
      'intro_paths',
      'family',
      'neighbourhood',
    ]);
    for (const tool of tools) expect(tool.description!.length).toBeGreaterThan(80);
    expect(tools.find((t) => t.name === 'search_contacts')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'add_note')!.annotations).toMatchObject({ readOnlyHint: false });
    expect((await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual(['kith://contacts/{id}']);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['prep_meeting', 'weekly_catch_up']);
    await client.close();
  });

  it("searches with the list's ranking, places and tags, in small pages with a cursor", async () => {
    const me = await signUp();
    for (let i = 1; i <= 12; i++)
      await createContact(me, {
        first_name: `Ana${i}`,
        last_name: 'Lisboa',
        location: i <= 3 ? 'Lisbon, Portugal' : 'Porto',
        tags: i % 2 ? ['design'] : [],
      });
    const stranger = await signUp();
    await createContact(stranger, { first_name: 'Ana', last_name: 'Lisboa' });
    const client = await mcpClient((await newToken(me)).token);

    const first = await callTool(client, 'search_contacts', { query: 'Lisboa' });
    expect(first.total).toBe(12);
    expect(first.contacts).toHaveLength(10);
    expect(Object.keys(first.contacts[0]).sort()).toEqual(
      ['company', 'email', 'id', 'last_interaction_at', 'location', 'name', 'next_due', 'priority', 'tags', 'title'].sort(),
    );
    const second = await callTool(client, 'search_contacts', { query: 'Lisboa', cursor: first.next_cursor });
    expect(second.contacts).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const all = [...first.contacts, ...second.contacts].map((c: { id: string }) => c.id);
    expect(new Set(all).size).toBe(12);

    const rest = await (await as(me, '/api/v1/contacts?q=Lisboa&page_size=10')).json<any>();
    expect(first.contacts.map((c: { id: string }) => c.id)).toEqual(rest.data.map((c: { id: string }) => c.id));

    const inLisbon = await callTool(client, 'search_contacts', { place: 'Lisbon', tags: ['design'], limit: 5 });
    expect(inLisbon.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['Ana1 Lisboa', 'Ana3 Lisboa']);

    const bad = await callTool(client, 'search_contacts', { cursor: 'page two' });
    expect(bad.error).toMatchObject({ code: 'invalid_params', message: expect.stringContaining('is not a cursor this server gave out') });
    await client.close();
  });

  it("reads a contact with its recent timeline, and never another user's", async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'], company: 'Engines' });
    for (let i = 0; i < 7; i++) await as(me, `/api/v1/contacts/${ada.id}/notes`, { method: 'POST', json: { body: `note ${i}` } });
    const other = await createContact(await signUp(), { first_name: 'Not mine' });
    const client = await mcpClient((await newToken(me)).token);

    const card = await callTool(client, 'get_contact', { contact_id: ada.id });
    expect(card).toMatchObject({ id: ada.id, name: 'Ada Lovelace', company: 'Engines', emails: ['ada@example.com'], more_timeline: true });
    expect(card.recent_timeline.map((t: { body: string }) => t.body)).toEqual(['note 6', 'note 5', 'note 4', 'note 3', 'note 2']);
    expect((await callTool(client, 'get_contact', { contact_id: other.id })).error.code).toBe('not_found');

    const resource = await client.readResource({ uri: `kith://contacts/${ada.id}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({ id: ada.id, name: 'Ada Lovelace' });
    await expect(client.readResource({ uri: `kith://contacts/${other.id}` })).rejects.toThrow(/not found/i);
    await client.close();
  });

  it('writes through the same domain as the REST API: a note, an interaction, a contact, a reminder', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const client = await mcpClient((await newToken(me)).token);

    const note = await callTool(client, 'add_note', { contact_id: bo.id, body: 'Moved to Lisbon' });
    expect(note).toMatchObject({ kind: 'note', body: 'Moved to Lisbon' });
    const logged = await callTool(client, 'log_interaction', {
      contact_id: bo.id,
      kind: 'coffee',
      notes: 'Talked about the flat',
      follow_up: { in: '1_week' },
    });
    expect(logged.interaction).toMatchObject({ kind: 'coffee' });
    expect(logged.follow_up.remind_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The domain's own rules: a note needs text.
    expect((await callTool(client, 'log_interaction', { contact_id: bo.id, kind: 'note' })).error).toMatchObject({
      code: 'invalid_request',
    });

    const timeline = (await (await as(me, `/api/v1/contacts/${bo.id}/timeline`)).json<any>()).data;
    expect(timeline.map((t: { kind: string }) => t.kind).sort()).toEqual(['coffee', 'note']);
    const seen = (await (await as(me, `/api/v1/contacts/${bo.id}`)).json<any>()).data;
    expect(seen.last_interaction_at).not.toBeNull();

    const created = await callTool(client, 'create_contact', { first_name: 'Cy', emails: ['cy@example.com'], tags: ['climbing'] });
    expect(created).toMatchObject({ name: 'Cy', tags: ['climbing'] });
    const clash = await callTool(client, 'create_contact', { first_name: 'Cy again', emails: ['cy@example.com'] });
    expect(clash.error.code).toBe('duplicate_identifier');
    expect((await callTool(client, 'create_contact', { tags: ['x'] })).error.code).toBe('invalid_request');
    const updated = await callTool(client, 'update_contact', { contact_id: created.id, title: 'Guide', location: 'Lisbon' });
    expect(updated).toMatchObject({ title: 'Guide', location: 'Lisbon', tags: ['climbing'] });
    expect((await (await as(me, `/api/v1/contacts/${created.id}`)).json<any>()).data.title).toBe('Guide');

    const reminder = await callTool(client, 'set_reminder', { contact_id: bo.id, on: '2030-01-15', note: 'call about the flat' });
    expect(reminder).toMatchObject({ remind_on: '2030-01-15', note: 'call about the flat', status: 'pending' });
    const due = await callTool(client, 'list_due', { until: '2030-01-31' });
    expect(due.items.map((i: { contact_id: string; note: string | null }) => [i.contact_id, i.note])).toContainEqual([
      bo.id,
      'call about the flat',
    ]);
    expect(due.items[0]).toHaveProperty('bucket');
    await client.close();
  });

  it("drafts a message without sending it, and gives both prompts with the user's data", async () => {
    const me = await signUp('Nora Network');
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    await as(me, `/api/v1/contacts/${ada.id}/reminders`, { method: 'POST', json: { on: '2020-01-01', note: 'send the paper' } });
    const client = await mcpClient((await newToken(me)).token);

    const draft = await callTool(client, 'draft_message', { contact_id: ada.id, channel: 'email' });
    expect(draft).toEqual({ channel: 'email', subject: 'Catching up, Ada?', body: expect.stringContaining('Hi Ada') });
    const timeline = (await (await as(me, `/api/v1/contacts/${ada.id}/timeline`)).json<any>()).data;
    expect(timeline).toEqual([]);

    const prep = await client.getPrompt({ name: 'prep_meeting', arguments: { name: 'Lovelace' } });
    expect((prep.messages[0]!.content as { text: string }).text).toContain('Ada Lovelace');
    const nobody = await client.getPrompt({ name: 'prep_meeting', arguments: { name: 'Zebulon' } });
    expect((nobody.messages[0]!.content as { text: string }).text).toContain('no contact matching');
    const weekly = await client.getPrompt({ name: 'weekly_catch_up' });
    expect((weekly.messages[0]!.content as { text: string }).text).toContain('send the paper');
    await client.close();
  });

  it('gives a read-only token the read tools only, and refuses it a write', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const { token } = await newToken(me, { scopes: ['contacts:read'] });
    const client = await mcpClient(token);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'search_contacts',
      'get_contact',
      'list_due',
      'draft_message',
      'intro_paths',
      'family',
      'neighbourhood',
    ]);
    const refused = await client.callTool({ name: 'add_note', arguments: { contact_id: bo.id, body: 'sneaky' } });
    expect(refused.isError).toBe(true);
    expect((await (await as(me, `/api/v1/contacts/${bo.id}/timeline`)).json<any>()).data).toEqual([]);
    await client.close();
  });
});
