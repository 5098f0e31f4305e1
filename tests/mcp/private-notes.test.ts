import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { requestsTo, uniqueKey } from '../ai/fakes-control';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// Issue 47, ADR 044: a note marked private is never shown to a token (or connected app) made
// with hide_private, on any path it reads notes through; the user's own session sees it, locked.

const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
});

/** Ana with one shared note and one private note, each carrying a word of its own. */
async function ana(me: Session) {
  const secret = uniqueKey('secret');
  const shared = uniqueKey('shared');
  const contact = await createContact(me, { first_name: 'Ana', last_name: 'Private' });
  const add = async (body: string, extra: Record<string, unknown>) => {
    const res = await as(me, `/api/v1/contacts/${contact.id}/notes`, { method: 'POST', json: { body, ...extra } });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).data;
  };
  const open = await add(`Likes ${shared} coffee`, {});
  const hidden = await add(`Is worried about ${secret}`, { private: true, conversation: true });
  return { contact, open, hidden, secret, shared };
}

const hideToken = (me: Session, scopes = ['contacts:read', 'contacts:write']) => newToken(me, { scopes, hide_private: true });

describe('a private note', () => {
  it('is marked private for the user and shows on their timeline with a lock', async () => {
    const me = await signUp();
    const { contact, open, hidden } = await ana(me);
    expect(open.private).toBe(false);
    expect(hidden).toMatchObject({ private: true, conversation: true });
    const timeline = (await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data;
    expect(timeline.map((i: { id: string }) => i.id).sort()).toEqual([open.id, hidden.id].sort());
    const page = await (await as(me, `/contacts/${contact.id}`)).text();
    expect(page).toContain('data-testid="private-note"');
    // The page's composer and an edit can mark a note private or shared again.
    const edited = await as(me, `/api/v1/interactions/${hidden.id}`, { method: 'PATCH', json: { private: false } });
    expect((await json(edited)).data.private).toBe(false);
  });

  it('is not on the timeline, Home, or open to edits through a "never private" token', async () => {
    const me = await signUp();
    const { contact, open, hidden } = await ana(me);
    const { token } = await hideToken(me);
    const timeline = await json(await call(`/api/v1/contacts/${contact.id}/timeline`, bearer(token)));
    expect(timeline.data.map((i: { id: string }) => i.id)).toEqual([open.id]);
    const home = await json(await call('/api/v1/home', bearer(token)));
    expect(home.data.recent.map((i: { id: string }) => i.id)).toEqual([open.id]);
    for (const init of [{ method: 'PATCH', json: { body: 'rewritten' } }, { method: 'DELETE' }]) {
      const res = await call(`/api/v1/interactions/${hidden.id}`, bearer(token, init));
      expect(res.status, init.method).toBe(404);
    }
    // A token without the limit sees both.
    const plain = await newToken(me, { scopes: ['contacts:read'] });
    expect((await json(await call(`/api/v1/contacts/${contact.id}/timeline`, bearer(plain.token)))).data).toHaveLength(2);
  });

  it('is in no MCP answer: get_contact, the contact card, the meeting prompt, a draft', async () => {
    const me = await signUp();
    const { contact, secret, shared } = await ana(me);
    const { token } = await hideToken(me);
    const client = await mcpClient(token);
    const read = await callTool(client, 'get_contact', { contact_id: contact.id, recent: 10 });
    expect(JSON.stringify(read)).toContain(shared);
    expect(JSON.stringify(read)).not.toContain(secret);
    const card = await client.readResource({ uri: `kith://contacts/${contact.id}` });
    expect(JSON.stringify(card)).toContain(shared);
    expect(JSON.stringify(card)).not.toContain(secret);
    const prep = await client.getPrompt({ name: 'prep_meeting', arguments: { name: 'Ana Private' } });
    expect(JSON.stringify(prep)).toContain(shared);
    expect(JSON.stringify(prep)).not.toContain(secret);
    await callTool(client, 'draft_message', { contact_id: contact.id, channel: 'email' });
    const drafts = (await requestsTo('openai', shared)).filter((r) => r.body.includes('message_draft'));
    expect(drafts).toHaveLength(1);
    // Neither the draft nor the reading of notes for life events told the model the private one.
    expect(await requestsTo('openai', secret)).toHaveLength(0);
    await client.close();
  });

  it('leaves no trace through a "never private" token in search, the change feed, exports, webhooks or the activity log', async () => {
    const me = await signUp();
    const { contact, secret } = await ana(me);
    const { token } = await hideToken(me, ['contacts:read', 'contacts:write', 'account']);
    const get = (path: string) => call(`/api/v1${path}`, bearer(token));
    // Timeline notes are not searched at all, so a private one's words match nothing.
    expect((await json(await get(`/contacts?q=${secret}`))).meta.total).toBe(0);
    expect((await json(await get('/contacts?q=Ana'))).data.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    const feed = await get('/changes');
    expect(feed.status).toBe(200);
    expect(await feed.text()).not.toContain(secret);
    // What copies the whole account out, or hears of every note, is refused.
    for (const path of ['/export.json', '/contacts/export.csv', '/backup', '/webhooks', '/audit-log']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(403);
      expect((await json(refused)).error.code, path).toBe('insufficient_scope');
    }
    const hook = await call(
      '/api/v1/webhooks',
      bearer(token, { method: 'POST', json: { url: 'https://hooks.example.com/kith', events: ['interaction.logged'] } }),
    );
    expect(hook.status).toBe(403);
    // The user in a session still has them.
    expect((await as(me, '/api/v1/webhooks')).status).toBe(200);
    expect((await as(me, '/api/v1/audit-log')).status).toBe(200);
  });
});

describe('the contact page', () => {
  it('adds a private note from the composer and makes it shared again from the editor', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Bo' });
    const post = (fields: Record<string, string>) =>
      as(me, `/contacts/${contact.id}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await post({ intent: 'add-note', body: 'Only for me', private: 'on' })).status).toBe(200);
    const [note] = (await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data;
    expect(note).toMatchObject({ body: 'Only for me', private: true });
    expect((await post({ intent: 'edit-note', id: note.id, body: 'For anyone' })).status).toBe(200);
    const [edited] = (await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data;
    expect(edited).toMatchObject({ body: 'For anyone', private: false });
  });
});
