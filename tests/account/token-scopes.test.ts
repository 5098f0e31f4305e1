import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { sha256Hex } from '../../worker/db/columns';

// Issue 41 item 3 and issue 47: a personal access token does what its scopes allow, and what it
// creates that lets anyone in dies with it.

const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
});

async function newToken(me: Session, body: Record<string, unknown>) {
  const res = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'script', ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data as { id: string; token: string; scopes: string[]; created_by_token_id: string | null };
}

async function refusal(res: Response) {
  expect(res.status).toBe(403);
  return (await json(res)).error as { code: string; message: string; details: { needed: string; granted: string[] } };
}

const feedOf = async (url: string) => (await call(new URL(url).pathname)).status;

describe('a token made without scopes', () => {
  it('reads and writes contacts and their data as before, and never reaches the account', async () => {
    const me = await signUp('Default scopes');
    const made = await newToken(me, {});
    expect(made.scopes).toEqual(['contacts:read', 'contacts:write']);

    const created = await call('/api/v1/contacts', bearer(made.token, { method: 'POST', json: { first_name: 'Scripted' } }));
    expect(created.status).toBe(201);
    const contact = (await json(created)).data;
    expect((await call(`/api/v1/contacts/${contact.id}/notes`, bearer(made.token, { method: 'POST', json: { body: 'hi' } }))).status).toBe(
      201,
    );
    expect((await call('/api/v1/me', bearer(made.token))).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', '/tokens'],
      ['POST', '/tokens', { name: 'minted' }],
      ['POST', '/settings/calendar-feed'],
      ['POST', '/me/password', { current_password: 'correct horse battery', new_password: 'a brand new password' }],
      ['POST', '/me/two-factor/setup'],
      ['DELETE', '/me', { confirm_email: me.user.email, password: 'correct horse battery' }],
      ['GET', '/export.json'],
      ['GET', '/contacts/export.csv'],
    ] as const) {
      const error = await refusal(await call(`/api/v1${path}`, bearer(made.token, { method, json: body })));
      expect(error).toMatchObject({
        code: 'insufficient_scope',
        details: { needed: 'account', granted: ['contacts:read', 'contacts:write'] },
      });
      expect(error.message).toBe('This access token does not have the "account" scope');
    }
    // Nothing the refusals asked for happened: still one token, no feed, the account and password as they were.
    expect((await json(await as(me, '/api/v1/tokens'))).data).toHaveLength(1);
    expect((await json(await as(me, '/api/v1/settings/keep-in-touch'))).data.calendar_feed.active).toBe(false);
    expect((await as(me, '/api/v1/me')).status).toBe(200);
  });

  it('is what a token made before scopes existed can do (the migration default)', async () => {
    const me = await signUp('Old token');
    // A row as the code before this change wrote it: no scopes, no maker.
    const token = `kith_old${crypto.randomUUID().replaceAll('-', '')}`;
    await (env as unknown as { DB: D1Database }).DB.prepare(
      "INSERT INTO api_tokens (id, user_id, name, token_hash, token_prefix, created_at) VALUES (?1, ?2, 'old', ?3, 'kith_old', ?4)",
    )
      .bind(crypto.randomUUID(), me.user.id, await sha256Hex(token), new Date().toISOString())
      .run();
    expect((await call('/api/v1/contacts', bearer(token, { method: 'POST', json: { first_name: 'Still works' } }))).status).toBe(201);
    expect((await refusal(await call('/api/v1/tokens', bearer(token)))).details.needed).toBe('account');
    expect((await json(await as(me, '/api/v1/tokens'))).data[0]).toMatchObject({
      scopes: ['contacts:read', 'contacts:write'],
      created_by_token_id: null,
    });
  });
});

describe('a read-only token', () => {
  it('reads contacts, their timeline, tags and search, and is refused every write with the scope it lacks', async () => {
    const me = await signUp('Read only');
    const contact = await createContact(me, { first_name: 'Readable', tags: ['friends'], notes: 'as it was' });
    const made = await newToken(me, { scopes: ['contacts:read'] });
    expect(made.scopes).toEqual(['contacts:read']);

    for (const path of [`/contacts?q=Readable`, `/contacts/${contact.id}`, `/contacts/${contact.id}/timeline`, '/tags', '/agenda', '/me']) {
      expect((await call(`/api/v1${path}`, bearer(made.token))).status, path).toBe(200);
    }
    expect((await json(await call('/api/v1/contacts?q=Readable', bearer(made.token)))).data.map((c: any) => c.id)).toEqual([contact.id]);

    for (const [method, path, body] of [
      ['POST', '/contacts', { first_name: 'Planted' }],
      ['PATCH', `/contacts/${contact.id}`, { notes: 'changed' }],
      ['DELETE', `/contacts/${contact.id}`],
      ['POST', `/contacts/${contact.id}/notes`, { body: 'planted' }],
      ['POST', `/contacts/${contact.id}/reminders`, { on: '2030-01-01', note: 'planted' }],
      ['POST', '/contacts/bulk', { ids: [contact.id], action: 'delete' }],
      ['DELETE', '/tags/friends'],
    ] as const) {
      const error = await refusal(await call(`/api/v1${path}`, bearer(made.token, { method, json: body })));
      expect(error, `${method} ${path}`).toMatchObject({
        code: 'insufficient_scope',
        details: { needed: 'contacts:write', granted: ['contacts:read'] },
      });
    }
    const after = (await json(await as(me, `/api/v1/contacts/${contact.id}`))).data;
    expect(after).toMatchObject({ notes: 'as it was', tags: ['friends'] });
    expect((await json(await as(me, `/api/v1/contacts/${contact.id}/timeline`))).data).toEqual([]);
    expect((await json(await as(me, '/api/v1/contacts'))).meta.total).toBe(1);
  });
});

describe('the scopes asked for', () => {
  it('refuses an unknown, repeated or empty scope list with 400 and the problem', async () => {
    const me = await signUp('Bad scopes');
    for (const scopes of [['contacts:read', 'admin'], ['account', 'account'], [], 'account']) {
      const res = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'bad', scopes } });
      expect(res.status, JSON.stringify(scopes)).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe('invalid_request');
      expect(error.details.issues[0].path).toMatch(/^scopes/);
    }
    expect(
      (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'bad', scopes: ['admin'] } }))).error.details.issues[0],
    ).toEqual({
      path: 'scopes.0',
      message: 'is not a scope a token may hold (known: contacts:read, contacts:write, account; "dav" belongs to sync passwords)',
    });
    expect((await json(await as(me, '/api/v1/tokens'))).data).toEqual([]);
  });

  it('adds what a scope carries: contacts:write reads too', async () => {
    const me = await signUp('Carried');
    expect((await newToken(me, { scopes: ['contacts:write'] })).scopes).toEqual(['contacts:read', 'contacts:write']);
    expect((await newToken(me, { scopes: ['account', 'contacts:write'] })).scopes).toEqual(['contacts:read', 'contacts:write', 'account']);
    const listed = (await json(await as(me, '/api/v1/tokens'))).data.map((t: any) => t.scopes);
    expect(listed).toEqual(
      expect.arrayContaining([
        ['contacts:read', 'contacts:write'],
        ['contacts:read', 'contacts:write', 'account'],
      ]),
    );
  });
});

describe('a token with the account scope', () => {
  it('mints tokens only with scopes it holds, listed as its own, and they die with it', async () => {
    const me = await signUp('Minter');
    const parent = await newToken(me, { scopes: ['contacts:read', 'account'] });
    const child = await call(
      '/api/v1/tokens',
      bearer(parent.token, { method: 'POST', json: { name: 'child', scopes: ['contacts:read'] } }),
    );
    expect(child.status).toBe(201);
    const minted = (await json(child)).data;
    expect(minted.created_by_token_id).toBe(parent.id);
    const grandchild = (
      await json(await call('/api/v1/tokens', bearer(parent.token, { method: 'POST', json: { name: 'grand', scopes: ['account'] } })))
    ).data;
    const grandgrand = (
      await json(await call('/api/v1/tokens', bearer(grandchild.token, { method: 'POST', json: { name: 'g2', scopes: ['account'] } })))
    ).data;
    expect(grandgrand.created_by_token_id).toBe(grandchild.id);

    // More than it holds: refused, and nothing made.
    const wider = await call(
      '/api/v1/tokens',
      bearer(parent.token, { method: 'POST', json: { name: 'wider', scopes: ['contacts:write'] } }),
    );
    expect((await refusal(wider)).details.needed).toBe('contacts:write');
    const defaulted = await call('/api/v1/tokens', bearer(parent.token, { method: 'POST', json: { name: 'default' } }));
    expect((await refusal(defaulted)).details.needed).toBe('contacts:write');

    const listed = (await json(await call('/api/v1/tokens', bearer(parent.token)))).data;
    expect(listed.find((t: any) => t.id === minted.id)).toMatchObject({ scopes: ['contacts:read'], created_by_token_id: parent.id });
    expect(listed).toHaveLength(4);

    const session = await signUp('Unrelated');
    const unrelated = await newToken(session, {});
    const mine = await newToken(me, {});
    expect((await as(me, `/api/v1/tokens/${parent.id}`, { method: 'DELETE' })).status).toBe(204);
    for (const t of [parent, minted, grandchild, grandgrand]) expect((await call('/api/v1/me', bearer(t.token))).status).toBe(401);
    expect((await call('/api/v1/me', bearer(mine.token))).status).toBe(200);
    expect((await call('/api/v1/me', bearer(unrelated.token))).status).toBe(200);
    expect((await json(await as(me, '/api/v1/tokens'))).data.map((t: any) => t.id)).toEqual([mine.id]);
  });
});

describe('a calendar feed made with a token', () => {
  it('stops working when that token is revoked; one made while signed in does not', async () => {
    const me = await signUp('Feeds');
    const script = await newToken(me, { scopes: ['account'] });
    const other = await newToken(me, { scopes: ['account'] });
    const made = await call('/api/v1/settings/calendar-feed', bearer(script.token, { method: 'POST' }));
    expect(made.status).toBe(201);
    const { url } = (await json(made)).data;
    expect(await feedOf(url)).toBe(200);

    // Another token's revocation leaves it alone.
    expect((await as(me, `/api/v1/tokens/${other.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await feedOf(url)).toBe(200);

    expect((await as(me, `/api/v1/tokens/${script.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await feedOf(url)).toBe(404);
    expect((await json(await as(me, '/api/v1/settings/keep-in-touch'))).data.calendar_feed).toEqual({ active: false, created_at: null });

    // A feed made in the browser is the user's own: revoking a token leaves it.
    const mineToken = await newToken(me, { scopes: ['account'] });
    const mine = (await json(await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' }))).data.url;
    expect((await as(me, `/api/v1/tokens/${mineToken.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(me, '/api/v1/tokens', { method: 'DELETE' })).status).toBe(200);
    expect(await feedOf(mine)).toBe(200);
  });

  it('stops working when every token is revoked at once', async () => {
    const me = await signUp('Feeds all');
    const script = await newToken(me, { scopes: ['account'] });
    const { url } = (await json(await call('/api/v1/settings/calendar-feed', bearer(script.token, { method: 'POST' })))).data;
    expect(await feedOf(url)).toBe(200);
    expect((await json(await as(me, '/api/v1/tokens', { method: 'DELETE' }))).data).toEqual({ revoked: 1 });
    expect(await feedOf(url)).toBe(404);
  });
});

describe('Settings', () => {
  const settingsForm = (me: Session, fields: Record<string, string>) =>
    as(me, '/settings', {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('offers the choice of scopes when a token is made, and shows each token with its scopes', async () => {
    const me = await signUp('Settings scopes');
    const form = await (await as(me, '/settings')).text();
    for (const label of ['Read only', 'Read and write', 'Read, write and account']) expect(form).toContain(label);
    const radios = form.match(/<input[^>]*name="access"[^>]*>/g) ?? [];
    expect(radios.map((input) => [input.match(/value="(\w+)"/)?.[1], /checked/.test(input)])).toEqual([
      ['read', false],
      ['write', true],
      ['account', false],
    ]);

    expect((await settingsForm(me, { intent: 'create-token', name: 'Reader', access: 'read' })).status).toBe(200);
    expect((await settingsForm(me, { intent: 'create-token', name: 'Owner', access: 'account' })).status).toBe(200);
    const refused = await settingsForm(me, { intent: 'create-token', name: 'Sneaky', access: 'everything' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose what the token may do.');

    const tokens = (await json(await as(me, '/api/v1/tokens'))).data;
    expect(tokens.map((t: any) => [t.name, t.scopes])).toEqual([
      ['Owner', ['contacts:read', 'contacts:write', 'account']],
      ['Reader', ['contacts:read']],
    ]);
    // React puts a comment between adjacent text parts.
    const page = (await (await as(me, '/settings')).text()).replaceAll('<!-- -->', '');
    expect(page).toContain('Read only (<code>contacts:read</code>)');
    expect(page).toContain('Read, write and account (<code>contacts:read contacts:write account</code>)');
  });
});
