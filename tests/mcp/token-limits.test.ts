import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { AGENT_TOOLS } from '../../worker/domain/auth/agent-tools';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// Issue 47: a token limited to some contacts (by tag, or never those tagged "private") never
// sees the others, through the REST API or MCP alike: the limit is enforced where the store reads contacts.

const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
});

async function people(me: Session) {
  const work = await createContact(me, { first_name: 'Wanda', last_name: 'Lisboa', tags: ['Work'], location: 'Lisbon' });
  const home = await createContact(me, { first_name: 'Hugo', last_name: 'Lisboa', tags: ['family'], location: 'Lisbon' });
  const secret = await createContact(me, { first_name: 'Sara', last_name: 'Lisboa', tags: ['work', 'Private'], location: 'Lisbon' });
  for (const c of [work, home, secret]) {
    await as(me, `/api/v1/contacts/${c.id}/notes`, { method: 'POST', json: { body: `about ${c.first_name}` } });
    await as(me, `/api/v1/contacts/${c.id}/reminders`, { method: 'POST', json: { on: '2020-01-01', note: `call ${c.first_name}` } });
  }
  return { work, home, secret };
}

describe('a token limited to contacts tagged "work", never "private"', () => {
  it('sees only those in search, reads, the timeline, the agenda, the change feed, and cannot export', async () => {
    const me = await signUp();
    const { work, home, secret } = await people(me);
    const made = await newToken(me, { scopes: ['contacts:read', 'contacts:write', 'account'], contact_tags: ['WORK'], hide_private: true });
    expect(made).toMatchObject({ contact_tags: ['work'], hide_private: true, tools: null });
    const get = async (path: string) => call(`/api/v1${path}`, bearer(made.token));

    const listed = await json(await get('/contacts?q=Lisboa'));
    expect(listed.data.map((c: { id: string }) => c.id)).toEqual([work.id]);
    expect(listed.meta.total).toBe(1);
    expect((await json(await get('/contacts'))).meta.total).toBe(1);
    expect((await json(await get('/contacts?place=Lisbon'))).data.map((c: { id: string }) => c.id)).toEqual([work.id]);
    expect((await json(await get('/contacts/ids'))).data.ids).toEqual([work.id]);

    expect((await get(`/contacts/${work.id}`)).status).toBe(200);
    for (const hidden of [home, secret]) {
      expect((await get(`/contacts/${hidden.id}`)).status).toBe(404);
      expect((await get(`/contacts/${hidden.id}/timeline`)).status).toBe(404);
      expect((await call(`/api/v1/contacts/${hidden.id}/notes`, bearer(made.token, { method: 'POST', json: { body: 'x' } }))).status).toBe(
        404,
      );
      expect((await call(`/api/v1/contacts/${hidden.id}`, bearer(made.token, { method: 'PATCH', json: { title: 'x' } }))).status).toBe(404);
      expect((await call(`/api/v1/contacts/${hidden.id}`, bearer(made.token, { method: 'DELETE' }))).status).toBe(404);
    }
    const agenda = await json(await get('/agenda'));
    expect(new Set(agenda.data.map((i: { contact_id: string }) => i.contact_id))).toEqual(new Set([work.id]));

    const changes = await json(await get('/changes'));
    const upserted = changes.data
      .filter((c: { change: string }) => c.change === 'upserted')
      .map((c: { contact_id: string }) => c.contact_id);
    expect(upserted).toEqual([work.id]);

    for (const path of ['/export.json', '/contacts/export.csv', '/contacts/export.vcf', '/backup']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(403);
      expect((await json(refused)).error.code).toBe('insufficient_scope');
    }
    // The same user in a session sees all three, untouched.
    expect((await json(await as(me, '/api/v1/contacts?q=Lisboa'))).meta.total).toBe(3);
    expect((await json(await as(me, `/api/v1/contacts/${home.id}`))).data.title).toBeNull();
  });

  it('never shows the others to an agent either, in search, reads, who is due or the prompts', async () => {
    const me = await signUp();
    const { work, home, secret } = await people(me);
    const { token } = await newToken(me, { contact_tags: ['work'], hide_private: true });
    const client = await mcpClient(token);
    const found = await callTool(client, 'search_contacts', { query: 'Lisboa' });
    expect(found.contacts.map((c: { id: string }) => c.id)).toEqual([work.id]);
    expect(found.total).toBe(1);
    for (const hidden of [home, secret]) {
      expect((await callTool(client, 'get_contact', { contact_id: hidden.id })).error.code).toBe('not_found');
      expect((await callTool(client, 'add_note', { contact_id: hidden.id, body: 'x' })).error.code).toBe('not_found');
      expect((await callTool(client, 'draft_message', { contact_id: hidden.id, channel: 'email' })).error.code).toBe('not_found');
    }
    const due = await callTool(client, 'list_due', {});
    expect(due.items.map((i: { contact_id: string }) => i.contact_id)).toEqual([work.id]);
    const weekly = await client.getPrompt({ name: 'weekly_catch_up' });
    const text = (weekly.messages[0]!.content as { text: string }).text;
    expect(text).toContain('Wanda');
    expect(text).not.toContain('Hugo');
    expect(text).not.toContain('Sara');
    await client.close();
  });

  it('a token that only hides "private" sees everyone else', async () => {
    const me = await signUp();
    const { work, home } = await people(me);
    const { token } = await newToken(me, { hide_private: true });
    const ids = (await json(await call('/api/v1/contacts?q=Lisboa', bearer(token)))).data.map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual([work.id, home.id].sort());
  });
});

describe('a token limited to some tools', () => {
  it('lists and calls only those', async () => {
    const me = await signUp();
    const bo = await createContact(me, { first_name: 'Bo' });
    const { token, tools } = await newToken(me, { tools: ['search_contacts', 'get_contact'] });
    expect(tools).toEqual(['search_contacts', 'get_contact']);
    const client = await mcpClient(token);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search_contacts', 'get_contact']);
    expect((await client.callTool({ name: 'add_note', arguments: { contact_id: bo.id, body: 'no' } })).isError).toBe(true);
    expect((await json(await as(me, `/api/v1/contacts/${bo.id}/timeline`))).data).toEqual([]);
    await client.close();
  });

  it('refuses an unknown tool name, a token limited to some tools minting a wider one, and any token limited to some contacts minting one', async () => {
    const me = await signUp();
    const bad = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'x', tools: ['send_everything'] } });
    expect(bad.status).toBe(400);
    const someTools = await newToken(me, { scopes: ['contacts:read', 'account'], tools: ['search_contacts', 'get_contact'] });
    const mint = (token: string, json: object) =>
      call('/api/v1/tokens', bearer(token, { method: 'POST', json: { name: 'made', ...json } }));
    expect((await mint(someTools.token, { scopes: ['contacts:read'] })).status).toBe(403);
    expect((await mint(someTools.token, { scopes: ['contacts:read'], tools: ['search_contacts'] })).status).toBe(201);
    // ADR 083, amended: a token limited to some contacts sees and makes no credential, however limited.
    const someContacts = await newToken(me, { scopes: ['contacts:read', 'account'], contact_tags: ['work'] });
    const same = await mint(someContacts.token, { scopes: ['contacts:read'], contact_tags: ['work'] });
    expect(same.status).toBe(403);
    expect((await json(same)).error).toMatchObject({ code: 'insufficient_scope', details: { limited_to: { tags: ['work'] } } });
  });
});

describe('Settings → Personal access tokens', () => {
  it('chooses the contacts and tools a token may use, and shows them on each token', async () => {
    const me = await signUp();
    const form = await (await as(me, '/settings')).text();
    expect(form).toContain('name="contact_tags"');
    expect(form).toContain('name="hide_private"');
    expect(form.match(/name="tools"/g)).toHaveLength(AGENT_TOOLS.length);
    const fields = new URLSearchParams({
      intent: 'create-token',
      name: 'Agent',
      access: 'read',
      contact_tags: 'Work, clients',
      hide_private: '1',
    });
    fields.append('tools', 'search_contacts');
    fields.append('tools', 'get_contact');
    const made = await as(me, '/settings', {
      method: 'POST',
      body: fields,
      headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(made.status).toBe(200);
    const [token] = (await json(await as(me, '/api/v1/tokens'))).data;
    expect(token).toMatchObject({
      name: 'Agent',
      scopes: ['contacts:read'],
      contact_tags: ['work', 'clients'],
      hide_private: true,
      tools: ['search_contacts', 'get_contact'],
    });
    const page = (await (await as(me, '/settings')).text()).replaceAll('<!-- -->', '');
    expect(page).toContain(
      'only contacts tagged “work” or “clients” · never contacts tagged “private” · agent tools: search_contacts, get_contact',
    );
  });
});
