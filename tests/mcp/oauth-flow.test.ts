import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, ORIGIN, signUp } from '../support/client';
import { callTool, mcpClient } from '../support/mcp-client';
import { answerConsent, connectApp, openConsent, REDIRECT_URI, TestOAuthProvider, tokenRequest, workerFetch } from '../support/mcp-oauth';

// Issue 47 / ADR 042: an MCP client connects with OAuth 2.1 as the MCP authorization spec
// asks: discovery from /mcp's 401, dynamic registration, the consent page, the code with PKCE,
// rotated refresh tokens. Driven by the SDK's own auth() against the real Worker.

const SERVER = `${ORIGIN}/mcp`;

/** Registers and walks the consent page as `me`; answers the provider (tokens saved) and the code's redirect. */
async function connect(me: Awaited<ReturnType<typeof signUp>>, fields: Record<string, string> = { decision: 'allow', access: 'write' }) {
  const provider = new TestOAuthProvider();
  expect(await auth(provider, { serverUrl: SERVER, fetchFn: workerFetch })).toBe('REDIRECT');
  const back = await answerConsent(me, provider.consentUrl!, fields);
  return { provider, back };
}

async function connected(me: Awaited<ReturnType<typeof signUp>>, fields?: Record<string, string>) {
  const { provider, back } = await connect(me, fields);
  expect(await auth(provider, { serverUrl: SERVER, authorizationCode: back.searchParams.get('code')!, fetchFn: workerFetch })).toBe(
    'AUTHORIZED',
  );
  return provider;
}

describe('OAuth 2.1 for MCP clients', () => {
  it("points a client from /mcp's 401 to the metadata documents", async () => {
    const refused = await call('/mcp', { method: 'POST', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource"`);
    const resource = await json(await call('/.well-known/oauth-protected-resource/mcp'));
    expect(resource).toMatchObject({
      resource: SERVER,
      authorization_servers: [ORIGIN],
      scopes_supported: ['contacts:read', 'contacts:write'],
    });
    const server = await call('/.well-known/oauth-authorization-server');
    expect(server.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json(server)).toMatchObject({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      registration_endpoint: `${ORIGIN}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('registers, shows the consent page, and gives tokens that reach /mcp with the scopes allowed', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    const { provider, back } = await connect(me, { decision: 'allow', access: 'read' });
    expect(provider.consentUrl!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(ORIGIN);

    expect(await auth(provider, { serverUrl: SERVER, authorizationCode: back.searchParams.get('code')!, fetchFn: workerFetch })).toBe(
      'AUTHORIZED',
    );
    const tokens = provider.saved!;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'contacts:read' });
    expect(tokens.refresh_token).toMatch(/^kithr_/);
    const client = await mcpClient(tokens.access_token);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('search_contacts');
    expect(tools).not.toContain('add_note');
    expect((await callTool(client, 'search_contacts', { query: 'Ada' })).total).toBe(1);
    await client.close();
    // Issued for /mcp: the REST API does not take it.
    const rest = await call('/api/v1/contacts', { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(rest.status).toBe(403);
  });

  it('shows the app, where it goes back and what it asks; Deny sends access_denied', async () => {
    const me = await signUp();
    const provider = new TestOAuthProvider('Claude Desktop');
    await auth(provider, { serverUrl: SERVER, fetchFn: workerFetch });
    const { page, html } = await openConsent(me, provider.consentUrl!);
    expect(page.status).toBe(200);
    expect(html).toContain('Allow “Claude Desktop” to reach your contacts?');
    expect(html).toContain('client.example');
    expect(html).toContain('contacts:write');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://client.example");
    const denied = await answerConsent(me, provider.consentUrl!, { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('sends a signed-out user to sign in first, and refuses a consent form without its CSRF token', async () => {
    const me = await signUp();
    const provider = new TestOAuthProvider();
    await auth(provider, { serverUrl: SERVER, fetchFn: workerFetch });
    const path = provider.consentUrl!.pathname + provider.consentUrl!.search;
    const anonymous = await call(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const forged = await as(me, path, { method: 'POST', body: new URLSearchParams({ csrf: 'f'.repeat(64), decision: 'allow' }) });
    expect(forged.status).toBe(403);
    const crossSite = await call(path, {
      method: 'POST',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
      body: new URLSearchParams({ decision: 'allow' }),
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses a redirect URI the client did not register, on Kith’s page and at the token endpoint', async () => {
    const me = await signUp();
    const { provider, back } = await connect(me);
    const elsewhere = new URL(provider.consentUrl!);
    elsewhere.searchParams.set('redirect_uri', 'https://client.example/callback/../evil');
    const { page, html } = await openConsent(me, elsewhere);
    expect(page.status).toBe(400);
    expect(html).toContain('did not register');
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      client_id: provider.client!.client_id,
      redirect_uri: 'https://client.example/other',
      code_verifier: provider.verifier,
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong PKCE verifier, and a code used twice, which also ends what it gave', async () => {
    const me = await signUp();
    const first = await connect(me);
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code: first.back.searchParams.get('code')!,
      client_id: first.provider.client!.client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: 'x'.repeat(64),
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error_description).toContain('code_verifier');

    const { provider, back } = await connect(me);
    const exchange = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      client_id: provider.client!.client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: provider.verifier,
    };
    const ok = await tokenRequest(exchange);
    expect(ok.status).toBe(200);
    const { access_token } = await json(ok);
    const again = await tokenRequest(exchange);
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({ error: 'invalid_grant' });
    const ended = await call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(ended.status).toBe(401);
  });

  it('rotates refresh tokens: the new one works, the old one is refused and ends the connection', async () => {
    const me = await signUp();
    const provider = await connected(me);
    const first = provider.saved!;
    const clientId = provider.client!.client_id;
    const rotated = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId });
    expect(rotated.status).toBe(200);
    const second = await json(rotated);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    const client = await mcpClient(second.access_token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();

    const replayed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: clientId });
    expect(replayed.status).toBe(400);
    expect(await json(replayed)).toMatchObject({ error: 'invalid_grant' });
    // A copy of an old refresh token came back: the connection ends, its newest tokens too.
    const after = await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: clientId });
    expect(after.status).toBe(400);
    const mcp = await call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${second.access_token}` },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.status).toBe(401);
  });

  it('"log out everywhere" ends connected apps: their access and refresh tokens stop at once', async () => {
    const me = await signUp();
    const provider = await connected(me);
    const { access_token, refresh_token } = provider.saved!;
    const res = await as(me, '/api/v1/auth/logout-everywhere?keep_current=true', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.ended).toMatchObject({ connected_apps: 1, connected_app_tokens: 1 });
    const mcp = await call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: refresh_token!,
      client_id: provider.client!.client_id,
    });
    expect(await json(refreshed)).toMatchObject({ error: 'invalid_grant' });
  });

  it('lists connected apps in Settings with their limits and last use; Disconnect ends their tokens at once', async () => {
    const me = await signUp();
    const app = await connectApp(me, 'Claude Code', { decision: 'allow', access: 'read', contact_tags: 'work', hide_private: '1' });
    const listed = async () => (await json(await as(me, '/api/v1/connected-apps'))).data;
    expect(await listed()).toEqual([
      expect.objectContaining({
        name: 'Claude Code',
        redirect_host: 'client.example',
        scopes: ['contacts:read'],
        contact_tags: ['work'],
        hide_private: true,
        last_used_at: null,
      }),
    ]);
    const client = await mcpClient(app.tokens.access_token);
    await client.listTools();
    await client.close();
    expect((await listed())[0].last_used_at).not.toBeNull();
    const page = await (await as(me, '/settings')).text();
    expect(page).toContain('Connected apps');
    expect(page).toContain('Claude Code');
    // Not a personal access token: the token list does not show it.
    expect((await json(await as(me, '/api/v1/tokens'))).data).toEqual([]);

    const stranger = await signUp();
    expect((await as(stranger, `/api/v1/connected-apps/${app.id}`, { method: 'DELETE' })).status).toBe(404);
    const done = await as(me, '/settings', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'connected-app-disconnect', id: app.id }),
    });
    expect(done.status).toBe(200);
    expect(await listed()).toEqual([]);
    const mcp = await call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${app.tokens.access_token}` },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.status).toBe(401);
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: app.tokens.refresh_token, client_id: app.clientId });
    expect(await json(refreshed)).toMatchObject({ error: 'invalid_grant' });
    const log = (await json(await as(me, '/api/v1/audit-log?page_size=20'))).data.map((e: { summary: string }) => e.summary);
    expect(log).toContain('Disconnected the app “Claude Code”');
    expect(log).toContain('Allowed the app “Claude Code” to reach your contacts (contacts:read)');
  });

  it('refuses registrations Kith cannot honour, in RFC 7591 words', async () => {
    const register = (body: unknown) => call('/oauth/register', { method: 'POST', json: body });
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://client.example/cb#frag', 'not a url']) {
      const res = await register({ client_name: 'X', redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect((await json(res)).error, uri).toBe('invalid_redirect_uri');
    }
    const implicit = await register({ redirect_uris: ['https://client.example/cb'], response_types: ['token'] });
    expect(await json(implicit)).toMatchObject({ error: 'invalid_client_metadata' });
    const loopback = await register({ client_name: 'Claude Code', redirect_uris: ['http://localhost:33418/callback'] });
    expect(loopback.status).toBe(201);
    expect(await json(loopback)).toMatchObject({ client_name: 'Claude Code', token_endpoint_auth_method: 'none' });
  });
});
