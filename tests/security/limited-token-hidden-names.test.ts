import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';
import { mcpClient, newToken } from '../support/mcp-client';

// A token limited to some contacts (ADR 035) is never told the name or id of a contact kept from
// it, also where Kith compares the contacts it may see with all the others: a contact's possible
// duplicates, and the 409 for an email, phone or handle another contact already holds.

const withToken = (token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(`/api/v1${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

describe('a token limited to some contacts, where Kith compares contacts', () => {
  it('lists as possible duplicates only the contacts it may see', async () => {
    const me = await signUp();
    const seen = await createContact(me, { first_name: 'Wanda', last_name: 'Lisboa', emails: ['wanda@work.example'] });
    const hidden = await createContact(me, { first_name: 'Wanda', last_name: 'Lisboa', tags: ['private'] });
    const twin = await createContact(me, { first_name: 'Wanda', last_name: 'Lisboa', tags: ['work'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    const owners = (await json(await as(me, `/api/v1/contacts/${seen.id}/duplicates`))).data;
    expect(owners.map((d: { contact: { id: string } }) => d.contact.id).sort()).toEqual([hidden.id, twin.id].sort());

    const res = await withToken(token, `/contacts/${seen.id}/duplicates`);
    expect(res.status).toBe(200);
    const listed = (await json(res)).data as { contact: { id: string; full_name: string } }[];
    expect(listed.map((d) => d.contact.id)).toEqual([twin.id]);
    // Nor from the hidden one's side, nor may it mark the pair as not duplicates.
    expect((await withToken(token, `/contacts/${hidden.id}/duplicates`)).status).toBe(404);
    expect((await withToken(token, `/contacts/${seen.id}/duplicates/${hidden.id}/dismiss`, { method: 'POST', json: {} })).status).toBe(404);
    expect((await json(await as(me, `/api/v1/contacts/${seen.id}/duplicates`))).data).toHaveLength(2);
  });

  it('refuses an email a hidden contact holds without naming that contact, through the API and MCP', async () => {
    const me = await signUp();
    const sara = await createContact(me, { first_name: 'Sara', last_name: 'Secret', emails: ['sara@secret.example'], tags: ['private'] });
    const mine = await createContact(me, { first_name: 'Wanda', emails: ['wanda@work.example'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    for (const [method, path, body] of [
      ['POST', '/contacts', { first_name: 'Probe', emails: ['sara@secret.example'] }],
      ['PATCH', `/contacts/${mine.id}`, { emails: ['wanda@work.example', 'sara@secret.example'] }],
    ] as const) {
      const res = await withToken(token, path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(409);
      const text = await res.text();
      expect(text).not.toContain(sara.id);
      expect(text).not.toContain('Secret');
      expect(JSON.parse(text).error).toMatchObject({
        code: 'duplicate_identifier',
        message: 'sara@secret.example already belongs to another contact',
        details: { field: 'emails' },
      });
    }
    const client = await mcpClient(token);
    const created = await client.callTool({ name: 'create_contact', arguments: { first_name: 'Probe', emails: ['sara@secret.example'] } });
    expect(created.isError).toBe(true);
    expect(JSON.stringify(created)).toContain('already belongs to another contact');
    expect(JSON.stringify(created)).not.toContain('Secret');
    expect(JSON.stringify(created)).not.toContain(sara.id);
    await client.close();

    // The owner is still told whose it is.
    const owner = await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'Probe', emails: ['sara@secret.example'] } });
    expect((await json(owner)).error.details.existing_contact).toEqual({ id: sara.id, full_name: 'Sara Secret' });
  });
});
