import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';
import { callTool, mcpClient, newToken } from '../support/mcp-client';

// ADR 074: a token limited to some contacts reads an organization only where one of the contacts
// it sees works (as GET /organizations lists them), whatever the way in: by its id, its people,
// its intro paths, or by naming it to POST /organizations. And a visible contact's merge history
// does not name a contact the token would not have seen.

const withToken = (token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(`/api/v1${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  const body = await res.text();
  expect(JSON.parse(body).error.code).toBe('not_found');
  expect(body).not.toMatch(/Therapy|Quiet|couch|clinic\.example/);
}

describe('a token limited to some contacts, on one organization', () => {
  it('reads an organization only where a contact it sees works, however it is asked for', async () => {
    const me = await signUp();
    const wanda = await createContact(me, { first_name: 'Wanda', company: 'Acme', tags: ['work'] });
    const theo = await createContact(me, { first_name: 'Theo', company: 'Therapy Practice', tags: ['private'] });
    const therapy = (theo.company as { id: string }).id;
    const acme = (wanda.company as { id: string }).id;
    const filled = await as(me, `/api/v1/organizations/${therapy}`, {
      method: 'PATCH',
      json: { website: 'clinic.example', notes: 'The couch' },
    });
    expect(filled.status).toBe(200);
    const quiet = (await json(await as(me, '/api/v1/organizations', { method: 'POST', json: { name: 'Quiet Ltd', notes: 'couch' } }))).data;
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    // By id: its fields, its people and its logo answer as for a contact it does not see.
    await expectNotFound(await withToken(token, `/organizations/${therapy}`));
    await expectNotFound(await withToken(token, `/organizations/${therapy}/contacts`));
    await expectNotFound(await withToken(token, `/organizations/${therapy}/logo`));
    // Nobody works at Quiet Ltd: nobody it sees either.
    await expectNotFound(await withToken(token, `/organizations/${quiet.id}`));
    const acmeRead = await withToken(token, `/organizations/${acme}`);
    expect(acmeRead.status).toBe(200);
    expect((await json(acmeRead)).data.name).toBe('Acme');
    expect((await json(await withToken(token, `/organizations/${acme}/contacts`))).data.map((p: { id: string }) => p.id)).toEqual([
      wanda.id,
    ]);

    // Intro paths walk the whole network, refused to it (ADR 073) before the organization is read,
    // so an organization nobody works at is not named either.
    for (const id of [quiet.id, therapy, 'nope']) {
      const paths = await withToken(token, `/organizations/${id}/intro-paths`);
      expect(paths.status).toBe(403);
      expect((await json(paths)).error.code).toBe('insufficient_scope');
    }

    // By name: an existing organization with no fields is answered as GET would answer it.
    const named = await withToken(token, '/organizations', { method: 'POST', json: { name: 'therapy practice' } });
    expect(named.status).toBe(403);
    const refusal = await named.text();
    expect(JSON.parse(refusal).error).toMatchObject({ code: 'insufficient_scope', details: { limited_to: { hidePrivate: true } } });
    expect(refusal).not.toMatch(/clinic\.example|couch/);
    expect((await withToken(token, '/organizations', { method: 'POST', json: { name: 'Quiet Ltd' } })).status).toBe(403);
    const seen = await withToken(token, '/organizations', { method: 'POST', json: { name: 'ACME' } });
    expect((await json(seen)).data).toMatchObject({ id: acme, name: 'Acme' });
    const made = await withToken(token, '/organizations', { method: 'POST', json: { name: 'Newco' } });
    expect(made.status).toBe(201);
    expect((await json(made)).data.name).toBe('Newco');

    // The owner reads them all.
    expect((await json(await as(me, `/api/v1/organizations/${therapy}`))).data).toMatchObject({ notes: 'The couch' });
    expect((await json(await as(me, `/api/v1/organizations/${therapy}/contacts`))).data).toHaveLength(1);
  });

  it('is not handed an organization it does not see as the company of a contact it sees', async () => {
    const me = await signUp();
    const wanda = await createContact(me, { first_name: 'Wanda', company: 'Acme', tags: ['work'] });
    const theo = await createContact(me, { first_name: 'Theo', company: 'Therapy Practice', tags: ['private'] });
    const therapy = (theo.company as { id: string }).id;
    const { token } = await newToken(me, { scopes: ['contacts:read', 'contacts:write'], hide_private: true });

    // Linked to one of its contacts, the organization would then be one it reads.
    const refusals = [
      await withToken(token, '/contacts', { method: 'POST', json: { first_name: 'Nina', company: 'therapy practice' } }),
      await withToken(token, `/contacts/${wanda.id}`, { method: 'PATCH', json: { company: 'Therapy Practice' } }),
      await withToken(token, '/contacts/bulk', {
        method: 'POST',
        json: { ids: [wanda.id], action: 'set_company', value: 'Therapy Practice' },
      }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe('insufficient_scope');
    }
    await expectNotFound(await withToken(token, `/contacts/${wanda.id}`, { method: 'PATCH', json: { company_id: therapy } }));
    // The agent's tools write through the same rule.
    const agent = await mcpClient(token);
    const tool = await callTool(agent, 'update_contact', { contact_id: wanda.id, company: 'Therapy Practice' });
    expect(tool.error.code).toBe('insufficient_scope');
    await expectNotFound(await withToken(token, `/organizations/${therapy}`));
    const owner = await json(await as(me, '/api/v1/contacts?page_size=50'));
    expect(owner.data.map((c: { first_name: string }) => c.first_name).sort()).toEqual(['Theo', 'Wanda']);
    expect((await json(await as(me, `/api/v1/contacts/${wanda.id}`))).data.company).toMatchObject({ name: 'Acme' });

    // An organization it sees, or a new one, it links as before.
    const moved = await withToken(token, `/contacts/${wanda.id}`, { method: 'PATCH', json: { company: 'Newco' } });
    expect((await json(moved)).data.company).toMatchObject({ name: 'Newco' });
    const back = await withToken(token, '/contacts', { method: 'POST', json: { first_name: 'Nina', company: 'NEWCO' } });
    expect(back.status).toBe(201);
    // The owner links anyone anywhere.
    expect((await as(me, `/api/v1/contacts/${wanda.id}`, { method: 'PATCH', json: { company_id: therapy } })).status).toBe(200);
  });
});

describe("a token limited to some contacts, on a visible contact's merges", () => {
  it('does not name a merged contact it would not have seen', async () => {
    const me = await signUp();
    const ana = await createContact(me, { first_name: 'Ana', last_name: 'Lopez', tags: ['work'] });
    const secret = await createContact(me, { first_name: 'Ana', last_name: 'Secret', tags: ['private'] });
    const open = await createContact(me, { first_name: 'Ana', last_name: 'Work', tags: ['work'] });
    for (const other of [secret, open])
      expect((await as(me, `/api/v1/contacts/${ana.id}/merge`, { method: 'POST', json: { other_id: other.id } })).status).toBe(200);
    await as(me, `/api/v1/contacts/${ana.id}`, { method: 'PATCH', json: { tags: ['work'] } });
    const { token } = await newToken(me, { scopes: ['contacts:read'], hide_private: true });

    const res = await withToken(token, `/contacts/${ana.id}/merges`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('Secret');
    expect((JSON.parse(body).data as { merged_name: string }[]).map((m) => m.merged_name)).toEqual(['Ana Work']);
    // A token limited to "work" saw neither the private Ana nor one without its tag.
    const { token: work } = await newToken(me, { scopes: ['contacts:read'], contact_tags: ['work'] });
    expect(
      (await json(await withToken(work, `/contacts/${ana.id}/merges`))).data.map((m: { merged_name: string }) => m.merged_name),
    ).toEqual(['Ana Work']);
    const owner = (await json(await as(me, `/api/v1/contacts/${ana.id}/merges`))).data as { merged_name: string }[];
    expect(owner.map((m) => m.merged_name).sort()).toEqual(['Ana Secret', 'Ana Work']);
  });
});
