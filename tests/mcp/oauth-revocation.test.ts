import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/db/columns';
import { as, call, json, ORIGIN, signUp } from '../support/client';
import { approvedCode, connectApp, tokenRequest } from '../support/mcp-oauth';

// Issue 47, ADR 051: a client ends its connection with RFC 7009 revocation, and tokens and codes
// past their time stop working: an hour-long access token, a one-minute code, a refresh token.

const directory = () => (env as unknown as { DB: D1Database }).DB;
const past = () => new Date(Date.now() - 1000).toISOString();

const revoke = (fields: Record<string, string>) =>
  call('/oauth/revoke', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

const mcpStatus = async (accessToken: string) =>
  (
    await call('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    })
  ).status;

const refreshWith = (refreshToken: string, clientId: string) =>
  tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

describe('token revocation (RFC 7009)', () => {
  it('is advertised in the authorization server metadata', async () => {
    expect(await json(await call('/.well-known/oauth-authorization-server'))).toMatchObject({
      revocation_endpoint: `${ORIGIN}/oauth/revoke`,
      revocation_endpoint_auth_methods_supported: ['none'],
    });
  });

  for (const [which, hint] of [
    ['access_token', 'access_token'],
    ['refresh_token', 'refresh_token'],
    ['access_token', ''],
    ['refresh_token', 'access_token'],
  ] as const) {
    it(`revoking the ${which} (hint ${hint || 'none'}) ends the access and the refresh token`, async () => {
      const me = await signUp();
      const app = await connectApp(me, 'Claude');
      expect(await mcpStatus(app.tokens.access_token)).toBe(200);
      const res = await revoke({ token: app.tokens[which], client_id: app.clientId, ...(hint ? { token_type_hint: hint } : {}) });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(await mcpStatus(app.tokens.access_token)).toBe(401);
      const refreshed = await refreshWith(app.tokens.refresh_token, app.clientId);
      expect(refreshed.status).toBe(400);
      expect(await json(refreshed)).toMatchObject({ error: 'invalid_grant' });
      expect((await json(await as(me, '/api/v1/connected-apps'))).data).toEqual([]);
      const log = (await json(await as(me, '/api/v1/audit-log?page_size=20'))).data.map((e: { summary: string }) => e.summary);
      expect(log).toContain('The app “Claude” disconnected itself (it revoked its token)');
    });
  }

  it('answers 200 for an unknown or already revoked token, and leaves another client’s token alone', async () => {
    const me = await signUp();
    const mine = await connectApp(me, 'Claude');
    const other = await connectApp(me, 'Cursor');
    expect((await revoke({ token: 'kith_not-a-token', client_id: mine.clientId })).status).toBe(200);
    expect((await revoke({ token: other.tokens.access_token, client_id: mine.clientId })).status).toBe(200);
    expect(await mcpStatus(other.tokens.access_token)).toBe(200);
    expect((await revoke({ token: mine.tokens.refresh_token, client_id: mine.clientId })).status).toBe(200);
    expect((await revoke({ token: mine.tokens.refresh_token, client_id: mine.clientId })).status).toBe(200);
    // A personal access token is not an OAuth client's: the endpoint does not end it.
    const personal = (await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'script' } }))).data.token;
    expect((await revoke({ token: personal, client_id: mine.clientId })).status).toBe(200);
    expect((await call('/api/v1/me', { headers: { authorization: `Bearer ${personal}` } })).status).toBe(200);
  });

  it('refuses a request without the client or the token, in OAuth words', async () => {
    const me = await signUp();
    const app = await connectApp(me, 'Claude');
    const noClient = await revoke({ token: app.tokens.access_token });
    expect(noClient.status).toBe(401);
    expect(await json(noClient)).toMatchObject({ error: 'invalid_client' });
    expect(await json(await revoke({ token: app.tokens.access_token, client_id: 'nobody' }))).toMatchObject({ error: 'invalid_client' });
    expect(await json(await revoke({ client_id: app.clientId }))).toMatchObject({ error: 'invalid_request' });
    const asJson = await call('/oauth/revoke', { method: 'POST', json: { token: app.tokens.access_token, client_id: app.clientId } });
    expect(asJson.status).toBe(400);
    expect(await mcpStatus(app.tokens.access_token)).toBe(200);
  });
});

describe('tokens and codes past their time', () => {
  it('an access token past its hour is refused by /mcp; the refresh token still gets a new one', async () => {
    const me = await signUp();
    const app = await connectApp(me, 'Claude');
    await directory()
      .prepare('UPDATE api_tokens SET expires_at = ?1 WHERE token_hash = ?2')
      .bind(past(), await sha256Hex(app.tokens.access_token))
      .run();
    expect(await mcpStatus(app.tokens.access_token)).toBe(401);
    const refreshed = await refreshWith(app.tokens.refresh_token, app.clientId);
    expect(refreshed.status).toBe(200);
    expect(await mcpStatus((await json(refreshed)).access_token)).toBe(200);
  });

  it('a refresh token past its 30 days is refused', async () => {
    const me = await signUp();
    const app = await connectApp(me, 'Claude');
    await directory().prepare('UPDATE oauth_grants SET refresh_expires_at = ?1 WHERE id = ?2').bind(past(), app.id).run();
    const refused = await refreshWith(app.tokens.refresh_token, app.clientId);
    expect(await json(refused)).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
  });

  it('a code past its minute is refused, and cannot be tried again', async () => {
    const me = await signUp();
    const { exchange } = await approvedCode(me, 'Claude');
    await directory()
      .prepare('UPDATE oauth_codes SET expires_at = ?1 WHERE code_hash = ?2')
      .bind(past(), await sha256Hex(exchange.code))
      .run();
    const late = await tokenRequest(exchange);
    expect(late.status).toBe(400);
    expect(await json(late)).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
    expect(await json(await tokenRequest(exchange))).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('already used'),
    });
    expect((await json(await as(me, '/api/v1/connected-apps'))).data).toEqual([]);
  });

  it('a code used once gives nothing the second time, and ends what the first gave', async () => {
    const me = await signUp();
    const { exchange } = await approvedCode(me, 'Claude');
    const first = await json(await tokenRequest(exchange));
    expect(await json(await tokenRequest(exchange))).toMatchObject({ error: 'invalid_grant' });
    expect(await mcpStatus(first.access_token)).toBe(401);
    expect(await json(await refreshWith(first.refresh_token, exchange.client_id))).toMatchObject({ error: 'invalid_grant' });
  });
});
