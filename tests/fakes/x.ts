import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { registerFake } from './fake-providers.ts';
import { answerSlowly, type Scenario } from './fake-scenarios.ts';

/**
 * X (Twitter) OAuth 2.0 (authorization code with PKCE, rotating refresh tokens) and the API v2
 * endpoints Kith uses, in X's documented wire format: /2/users/me, /2/users/by/username/:u
 * (200 with an `errors` array for an unknown user), /2/dm_events and
 * /2/dm_conversations/with/:id/dm_events (newest first, `meta.next_token` paging, users
 * expanded in `includes`), POST /2/dm_conversations/with/:id/messages (201 {dm_event_id}),
 * problem+json 401s and 429s with x-rate-limit-reset. Paths:
 *   /x/i/oauth2/authorize   /x/2/oauth2/token   /x/2/...
 * Each test works in its own account (the `fake_account` parameter a test adds to the consent
 * URL). Scenario:
 *   POST /__scenario/x {account, username?, users?: [{username, description?}],
 *                       messages?: [{with, from: 'me'|'them', text, created_at?}], pageSize?,
 *                       accessTokenExpiresIn?, revokeAccessTokens?, revokeRefreshTokens?, rateLimitFor?,
 *                       stall?: {hangMs?, dripMs?} | null}
 *     stall: every API answer for the account (not the token endpoint) hangs or trickles in
 *   GET  /__scenario/x/log?account=   token requests (with whether the PKCE verifier matched), sends
 */
export const X_CLIENT_ID = 'test-x-client';
export const X_CLIENT_SECRET = 'test-x-secret';

interface XUser {
  id: string;
  name: string;
  username: string;
  description: string;
  created_at: string;
}
interface DmEvent {
  id: string;
  event_type: 'MessageCreate';
  text: string;
  created_at: string;
  sender_id: string;
  dm_conversation_id: string;
}
interface Account {
  me: XUser;
  users: Map<string, XUser>;
  /** Oldest first. */
  events: DmEvent[];
  pageSize: number;
  accessTokenExpiresIn: number;
  /** While set, API calls answer 429 until this epoch second. */
  rateLimitedUntil: number | null;
  /** While set, every API answer hangs or trickles in (fake-scenarios' answerSlowly). */
  stall: Pick<Scenario, 'hangMs' | 'dripMs'> | null;
  log: Record<string, unknown>[];
}

let nextId = 1_790_000_000_000_000_000n;
const snowflake = () => String((nextId += 4_194_304n));
const accounts = new Map<string, Account>();
const codes = new Map<string, { account: string; challenge: string; redirectUri: string; scope: string }>();
const accessTokens = new Map<string, string>();
const refreshTokens = new Map<string, string>();

function user(username: string, description = ''): XUser {
  return { id: snowflake(), name: username, username, description, created_at: '2015-03-01T12:00:00.000Z' };
}

function account(id: string): Account {
  let a = accounts.get(id);
  if (!a) {
    a = {
      me: user(`${id}_me`, 'Kith user'),
      users: new Map(),
      events: [],
      pageSize: 100,
      accessTokenExpiresIn: 7200,
      rateLimitedUntil: null,
      stall: null,
      log: [],
    };
    accounts.set(id, a);
  }
  return a;
}

const byUsername = (a: Account, username: string) => [...a.users.values()].find((u) => u.username.toLowerCase() === username.toLowerCase());

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    'content-type':
      status >= 400 && body && typeof body === 'object' && 'title' in body ? 'application/problem+json' : 'application/json; charset=utf-8',
    ...headers,
  });
  res.end(JSON.stringify(body));
};
const token = () => randomBytes(24).toString('base64url');
const conversationId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? `${a}-${b}` : `${b}-${a}`);

function addMessage(a: Account, m: { with: string; from: 'me' | 'them'; text: string; created_at?: string }): string {
  const other =
    byUsername(a, m.with) ??
    (() => {
      const u = user(m.with);
      a.users.set(u.id, u);
      return u;
    })();
  const event: DmEvent = {
    id: snowflake(),
    event_type: 'MessageCreate',
    text: m.text,
    created_at: m.created_at ?? new Date().toISOString(),
    sender_id: m.from === 'me' ? a.me.id : other.id,
    dm_conversation_id: conversationId(a.me.id, other.id),
  };
  a.events.push(event);
  return event.id;
}

function issueTokens(accountId: string, scope: string) {
  const access = token();
  const refresh = token();
  accessTokens.set(access, accountId);
  refreshTokens.set(refresh, accountId);
  return { token_type: 'bearer', expires_in: account(accountId).accessTokenExpiresIn, access_token: access, scope, refresh_token: refresh };
}

function authorize(req: IncomingMessage, res: ServerResponse): Account | null {
  const owner = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (!owner) {
    send(res, 401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    return null;
  }
  const a = account(owner);
  if (a.rateLimitedUntil && a.rateLimitedUntil > Date.now() / 1000) {
    send(
      res,
      429,
      { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      {
        'x-rate-limit-limit': '15',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(a.rateLimitedUntil),
      },
    );
    return null;
  }
  return a;
}

/** A page of events (newest first) with the users they mention, as the dm_events endpoints answer. */
function eventPage(a: Account, events: DmEvent[], url: URL) {
  const newestFirst = [...events].reverse();
  const size = Math.min(Number(url.searchParams.get('max_results')) || 100, 100, a.pageSize);
  const start = Number(
    url.searchParams.get('pagination_token') ? Buffer.from(url.searchParams.get('pagination_token')!, 'base64url').toString() : 0,
  );
  const page = newestFirst.slice(start, start + size);
  const ids = new Set(page.flatMap((e) => [e.sender_id, ...e.dm_conversation_id.split('-')]));
  const users = [a.me, ...a.users.values()]
    .filter((u) => ids.has(u.id))
    .map((u) => ({ id: u.id, name: u.name, username: u.username, description: u.description }));
  const next = start + size < newestFirst.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
  return {
    ...(page.length ? { data: page, includes: { users } } : {}),
    meta: {
      result_count: page.length,
      ...(next ? { next_token: next } : {}),
      ...(start > 0 ? { previous_token: Buffer.from(String(Math.max(0, start - size))).toString('base64url') } : {}),
    },
  };
}

registerFake(async (req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;

  if (path === '/__scenario/x' && req.method === 'POST') {
    const s = JSON.parse(body) as {
      account: string;
      username?: string;
      users?: { username: string; description?: string }[];
      messages?: Parameters<typeof addMessage>[1][];
      pageSize?: number;
      accessTokenExpiresIn?: number;
      revokeAccessTokens?: boolean;
      revokeRefreshTokens?: boolean;
      rateLimitFor?: number | null;
      stall?: Account['stall'];
    };
    const a = account(s.account);
    if (s.username) a.me.username = s.username;
    for (const u of s.users ?? []) {
      const known = byUsername(a, u.username);
      if (known) known.description = u.description ?? known.description;
      else {
        const created = user(u.username, u.description);
        a.users.set(created.id, created);
      }
    }
    const ids = (s.messages ?? []).map((m) => addMessage(a, m));
    if (s.pageSize) a.pageSize = s.pageSize;
    if (s.accessTokenExpiresIn !== undefined) a.accessTokenExpiresIn = s.accessTokenExpiresIn;
    if (s.revokeAccessTokens) for (const [t, owner] of accessTokens) if (owner === s.account) accessTokens.delete(t);
    if (s.revokeRefreshTokens) for (const [t, owner] of refreshTokens) if (owner === s.account) refreshTokens.delete(t);
    if (s.stall !== undefined) a.stall = s.stall;
    if (s.rateLimitFor !== undefined) a.rateLimitedUntil = s.rateLimitFor === null ? null : Math.ceil(Date.now() / 1000) + s.rateLimitFor;
    send(res, 200, { event_ids: ids, me: a.me });
    return true;
  }
  if (path === '/__scenario/x/log') {
    send(res, 200, account(url.searchParams.get('account') ?? '').log);
    return true;
  }

  if (path === '/x/i/oauth2/authorize') {
    const q = Object.fromEntries(url.searchParams);
    if (
      q.client_id !== X_CLIENT_ID ||
      q.response_type !== 'code' ||
      !q.redirect_uri ||
      !q.state ||
      !q.code_challenge ||
      q.code_challenge_method !== 'S256'
    ) {
      send(res, 400, { error: 'invalid_request', error_description: 'Missing or wrong OAuth parameters' });
      return true;
    }
    const code = token();
    codes.set(code, {
      account: q.fake_account ?? 'default',
      challenge: q.code_challenge,
      redirectUri: q.redirect_uri,
      scope: q.scope ?? '',
    });
    account(q.fake_account ?? 'default').log.push({ kind: 'authorize', scope: q.scope, code_challenge: q.code_challenge });
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() });
    res.end();
    return true;
  }

  if (path === '/x/2/oauth2/token' && req.method === 'POST') {
    const p = Object.fromEntries(new URLSearchParams(body));
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    if (basic !== `${X_CLIENT_ID}:${X_CLIENT_SECRET}`) {
      send(res, 401, { error: 'unauthorized_client', error_description: 'Missing valid authorization header' });
      return true;
    }
    if (p.grant_type === 'authorization_code') {
      const grant = codes.get(p.code ?? '');
      codes.delete(p.code ?? '');
      const verifierMatches =
        Boolean(grant) &&
        createHash('sha256')
          .update(p.code_verifier ?? '')
          .digest('base64url') === grant!.challenge;
      if (grant)
        account(grant.account).log.push({
          kind: 'token',
          grant_type: p.grant_type,
          code_verifier: p.code_verifier,
          verifier_matches: verifierMatches,
        });
      if (!grant || !verifierMatches || grant.redirectUri !== p.redirect_uri) {
        send(res, 400, { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' });
        return true;
      }
      send(res, 200, issueTokens(grant.account, grant.scope));
      return true;
    }
    if (p.grant_type === 'refresh_token') {
      const owner = refreshTokens.get(p.refresh_token ?? '');
      if (!owner) {
        send(res, 400, { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' });
        return true;
      }
      // X rotates refresh tokens: the one used is spent.
      refreshTokens.delete(p.refresh_token!);
      account(owner).log.push({ kind: 'token', grant_type: p.grant_type });
      send(res, 200, issueTokens(owner, 'dm.read dm.write tweet.read users.read offline.access'));
      return true;
    }
    send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant type is not supported' });
    return true;
  }

  if (!path.startsWith('/x/2/')) return false;
  const a = authorize(req, res);
  if (!a) return true;
  if (a.stall && (await answerSlowly(res, { when: '', ...a.stall }, 200, JSON.stringify({ data: a.me })))) return true;
  const route = path.slice('/x'.length);

  if (route === '/2/users/me') {
    send(res, 200, { data: { id: a.me.id, name: a.me.name, username: a.me.username } });
    return true;
  }
  const byName = route.match(/^\/2\/users\/by\/username\/([^/]+)$/);
  if (byName) {
    const username = decodeURIComponent(byName[1]!);
    const found = byUsername(a, username);
    if (!found) {
      send(res, 200, {
        errors: [
          {
            value: username,
            detail: `Could not find user with username: [${username}].`,
            title: 'Not Found Error',
            resource_type: 'user',
            parameter: 'username',
            resource_id: username,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      });
      return true;
    }
    const fields = (url.searchParams.get('user.fields') ?? '').split(',');
    send(res, 200, {
      data: {
        id: found.id,
        name: found.name,
        username: found.username,
        ...(fields.includes('description') ? { description: found.description } : {}),
      },
    });
    return true;
  }
  if (route === '/2/dm_events') {
    a.log.push({ kind: 'dm_events', pagination_token: url.searchParams.get('pagination_token') });
    send(res, 200, eventPage(a, a.events, url));
    return true;
  }
  const withEvents = route.match(/^\/2\/dm_conversations\/with\/(\d+)\/dm_events$/);
  if (withEvents) {
    const conv = conversationId(a.me.id, withEvents[1]!);
    send(
      res,
      200,
      eventPage(
        a,
        a.events.filter((e) => e.dm_conversation_id === conv),
        url,
      ),
    );
    return true;
  }
  const sendTo = route.match(/^\/2\/dm_conversations\/with\/(\d+)\/messages$/);
  if (sendTo && req.method === 'POST') {
    const other = a.users.get(sendTo[1]!);
    const { text } = JSON.parse(body || '{}') as { text?: string };
    if (!other || !text) {
      send(res, 400, {
        errors: [{ parameters: {}, message: 'Invalid Request' }],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      });
      return true;
    }
    const id = addMessage(a, { with: other.username, from: 'me', text });
    a.log.push({ kind: 'send', to: other.username, text, dm_event_id: id });
    send(res, 201, { data: { dm_conversation_id: conversationId(a.me.id, other.id), dm_event_id: id } });
    return true;
  }
  return false;
});
