import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';
import { newToken } from '../support/mcp-client';
import { importCsv } from '../support/imports';

// ADR 073's second round: a token limited to some contacts does not learn who the hidden ones
// work for (GET /organizations), does not rename the company on them (PATCH /organizations/{id}),
// does not list the account's imports, and does not undo a merge, whose answer names the
// contact it brings back.

const withToken = (token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(`/api/v1${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

const names = async (res: Response) => ((await json(res)).data as { name: string }[]).map((o) => o.name);

describe('a token limited to some contacts, on organizations, imports and merges', () => {
  it('lists only the organizations where a contact it sees works, and renames none', async () => {
    const me = await signUp();
    const wanda = await createContact(me, { first_name: 'Wanda', company: 'Acme', tags: ['work'] });
    const sara = await createContact(me, { first_name: 'Sara', company: 'Acme', tags: ['private'] });
    await createContact(me, { first_name: 'Theo', company: 'Therapy Practice', tags: ['private'] });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    expect(await names(await withToken(token, '/organizations'))).toEqual(['Acme']);
    expect(await names(await withToken(token, '/organizations?q=ther'))).toEqual([]);
    expect((await json(await withToken(token, '/organizations'))).meta.total).toBe(1);
    expect(await names(await as(me, '/api/v1/organizations'))).toEqual(['Acme', 'Therapy Practice']);

    const acme = (wanda.company as { id: string }).id;
    const rename = await withToken(token, `/organizations/${acme}`, { method: 'PATCH', json: { name: 'Wanda Ltd' } });
    expect(rename.status).toBe(403);
    expect((await json(rename)).error.code).toBe('insufficient_scope');
    // Refused before the lookup: an unknown id is answered the same.
    expect((await withToken(token, '/organizations/nope', { method: 'PATCH', json: { name: 'x' } })).status).toBe(403);
    expect((await json(await as(me, `/api/v1/contacts/${sara.id}`))).data.company).toMatchObject({ name: 'Acme' });
    // Nor through POST /organizations with an existing name and fields; a new one it may create.
    const again = await withToken(token, '/organizations', { method: 'POST', json: { name: 'acme', website: 'evil.example' } });
    expect(again.status).toBe(403);
    const made = await withToken(token, '/organizations', { method: 'POST', json: { name: 'Newco', website: 'newco.example' } });
    expect(made.status).toBe(201);
    expect((await json(await as(me, `/api/v1/organizations/${acme}`))).data).toMatchObject({ name: 'Acme', website: null });
    // The owner still renames.
    expect((await as(me, `/api/v1/organizations/${acme}`, { method: 'PATCH', json: { name: 'Acme Corp' } })).status).toBe(200);
  });

  it('does not list the past imports, whose files and counts are of every contact', async () => {
    const me = await signUp();
    await importCsv(me, 'First Name,Email,Labels\r\nSara,sara@secret.example,private\r\n');
    const { token } = await newToken(me, { scopes: ['contacts:read', 'account'], hide_private: true });
    const res = await withToken(token, '/imports');
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('insufficient_scope');
    expect((await json(await as(me, '/api/v1/imports'))).data).toHaveLength(1);
  });

  it('does not undo a merge, which would answer with the name of a contact kept from it', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Lopez', tags: ['work'] });
    const copy = await createContact(me, { first_name: 'Ana', last_name: 'Secret', tags: ['private'] });
    expect((await as(me, `/api/v1/contacts/${ana.id}/merge`, { method: 'POST', json: { other_id: copy.id } })).status).toBe(200);
    await as(me, `/api/v1/contacts/${ana.id}`, { method: 'PATCH', json: { tags: ['work'] } });
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });
    // Its id is the owner's to read (ADR 074 keeps the merge of a private contact from the token's list).
    const merges = (await json(await as(me, `/api/v1/contacts/${ana.id}/merges`))).data as { id: string }[];
    expect(merges).toHaveLength(1);

    const res = await withToken(token, `/merges/${merges[0]!.id}/unmerge`, { method: 'POST' });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('Secret');
    expect((await as(me, `/api/v1/contacts/${copy.id}`)).status).toBe(404);
    expect((await as(me, `/api/v1/merges/${merges[0]!.id}/unmerge`, { method: 'POST' })).status).toBe(200);
  });
});
