import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { registerFake } from './fake-providers.ts';

/**
 * Google OAuth 2.0 (authorization code + PKCE, refresh tokens) and the People API
 * `people/me/connections` (paging, sync tokens, EXPIRED_SYNC_TOKEN, 401 on a bad token),
 * speaking Google's documented wire format. Paths:
 *   /google/accounts/o/oauth2/v2/auth  /google/oauth2/token  /google/people/v1/people/me/connections
 * Each test works in its own "account" (the extra `fake_account` parameter a test adds to
 * the consent URL); POST /__scenario/google sets that account's people and behaviour.
 */
export const CLIENT_ID = 'test-google-client';
export const CLIENT_SECRET = 'test-google-secret';

interface Person {
  resourceName: string;
  [field: string]: unknown;
}
export interface Account {
  /** Scopes the account's user granted Kith so far (incremental consent adds to them). */
  granted: Set<string>;
  /** Scopes the user leaves ticked on the next consent screen (default: all requested). */
  allow: string[] | null;
  people: Map<string, { person: Person; version: number; deleted: boolean }>;
  version: number;
  pageSize: number;
  accessTokenExpiresIn: number;
  expireSyncTokens: boolean;
  /** While set, people/me/connections answers this instead (an outage, a storm, a garbage body, a drip). */
  fault: { status?: number; raw?: string; retryAfter?: string; dripMs?: number } | null;
  log: { kind: string; params: Record<string, string> }[];
  /** The user's own contact groups (labels), beside Google's system groups. */
  groups: { resourceName: string; name: string }[];
}

// Google's system groups as contactGroups.list answers them (name is the id; formattedName is shown).
const SYSTEM_GROUPS = [
  ['myContacts', 'My Contacts'],
  ['starred', 'Starred'],
  ['friends', 'Friends'],
  ['family', 'Family'],
  ['coworkers', 'Coworkers'],
  ['chatBuddies', 'Chat contacts'],
  ['all', 'All Contacts'],
  ['blocked', 'Blocked'],
].map(([name, formattedName]) => ({
  resourceName: `contactGroups/${name}`,
  name,
  formattedName,
  groupType: 'SYSTEM_CONTACT_GROUP',
  memberCount: 0,
}));

const accounts = new Map<string, Account>();
const codes = new Map<string, { account: string; challenge: string; redirectUri: string }>();
const accessTokens = new Map<string, string>();
const tokenScopes = new Map<string, Set<string>>();
const refreshTokens = new Map<string, string>();

export function account(id: string): Account {
  let a = accounts.get(id);
  if (!a) {
    a = {
      granted: new Set(),
      allow: null,
      people: new Map(),
      version: 0,
      pageSize: 100,
      accessTokenExpiresIn: 3599,
      expireSyncTokens: false,
      fault: null,
      log: [],
      groups: [],
    };
    accounts.set(id, a);
  }
  return a;
}

export const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};
const token = () => randomBytes(16).toString('hex');

/**
 * The account behind a Bearer token, or null after answering Google's 401; with `scope`, also
 * 403 insufficientPermissions when the token was not granted it.
 */
/** The account an access token belongs to, if any. */
export const accountOfToken = (bearer: string): string | undefined => accessTokens.get(bearer);

export function authorize(req: IncomingMessage, res: ServerResponse, scope?: string): string | null {
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const owner = accessTokens.get(bearer);
  if (!owner) {
    send(
      res,
      401,
      {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          status: 'UNAUTHENTICATED',
        },
      },
      { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
    );
    return null;
  }
  if (scope && !tokenScopes.get(bearer)?.has(scope)) {
    send(res, 403, {
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
      },
    });
    return null;
  }
  return owner;
}

/** A person with only the fields the request's personFields names, as the People API answers. */
function masked(person: Person, personFields: string): Partial<Person> {
  const asked = new Set(personFields.split(','));
  return Object.fromEntries(
    Object.entries(person).filter(([field]) => ['resourceName', 'etag', 'metadata'].includes(field) || asked.has(field)),
  );
}

function issueTokens(accountId: string, withRefresh: boolean) {
  const access = `ya29.${token()}`;
  accessTokens.set(access, accountId);
  tokenScopes.set(access, new Set(account(accountId).granted));
  const body: Record<string, unknown> = {
    access_token: access,
    expires_in: account(accountId).accessTokenExpiresIn,
    scope: [...account(accountId).granted].join(' '),
    token_type: 'Bearer',
  };
  if (withRefresh) {
    const refresh = `1//${token()}`;
    refreshTokens.set(refresh, accountId);
    body.refresh_token = refresh;
  }
  return body;
}

registerFake((req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;

  if (path === '/__scenario/google' && req.method === 'POST') {
    const s = JSON.parse(body) as {
      account: string;
      people?: Person[];
      deleted?: string[];
      pageSize?: number;
      accessTokenExpiresIn?: number;
      expireSyncTokens?: boolean;
      revokeAccessTokens?: boolean;
      revokeRefreshTokens?: boolean;
      allow?: string[] | null;
      fault?: Account['fault'];
      groups?: Account['groups'];
    };
    const a = account(s.account);
    for (const person of s.people ?? []) a.people.set(person.resourceName, { person, version: ++a.version, deleted: false });
    for (const name of s.deleted ?? []) {
      const entry = a.people.get(name);
      if (entry) a.people.set(name, { ...entry, version: ++a.version, deleted: true });
    }
    if (s.pageSize) a.pageSize = s.pageSize;
    if (s.accessTokenExpiresIn !== undefined) a.accessTokenExpiresIn = s.accessTokenExpiresIn;
    if (s.expireSyncTokens !== undefined) a.expireSyncTokens = s.expireSyncTokens;
    if (s.fault !== undefined) a.fault = s.fault;
    if (s.revokeAccessTokens) for (const [t, owner] of accessTokens) if (owner === s.account) accessTokens.delete(t);
    if (s.revokeRefreshTokens) for (const [t, owner] of refreshTokens) if (owner === s.account) refreshTokens.delete(t);
    if (s.allow !== undefined) a.allow = s.allow;
    if (s.groups) a.groups.push(...s.groups);
    send(res, 200, { ok: true });
    return true;
  }
  if (path === '/__scenario/google/log') {
    send(res, 200, account(url.searchParams.get('account') ?? '').log);
    return true;
  }

  if (path === '/google/accounts/o/oauth2/v2/auth') {
    const q = Object.fromEntries(url.searchParams);
    if (
      q.client_id !== CLIENT_ID ||
      q.response_type !== 'code' ||
      !q.redirect_uri ||
      !q.state ||
      !q.code_challenge ||
      q.code_challenge_method !== 'S256'
    ) {
      send(res, 400, { error: 'invalid_request', error_description: 'Missing or wrong OAuth parameters' });
      return true;
    }
    const code = `4/${token()}`;
    const a = account(q.fake_account ?? 'default');
    // Granular consent: the user may untick scopes; include_granted_scopes keeps earlier ones.
    const requested = (q.scope ?? '').split(' ').filter((x) => x && (!a.allow || a.allow.includes(x)));
    if (q.include_granted_scopes !== 'true') a.granted.clear();
    for (const x of requested) a.granted.add(x);
    codes.set(code, { account: q.fake_account ?? 'default', challenge: q.code_challenge, redirectUri: q.redirect_uri });
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    back.searchParams.set('code', code);
    back.searchParams.set('scope', [...a.granted].join(' '));
    res.writeHead(302, { location: back.toString() });
    res.end();
    return true;
  }

  if (path === '/google/oauth2/token' && req.method === 'POST') {
    const p = Object.fromEntries(new URLSearchParams(body));
    if (p.client_id !== CLIENT_ID || p.client_secret !== CLIENT_SECRET) {
      send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      return true;
    }
    if (p.grant_type === 'authorization_code') {
      const grant = codes.get(p.code ?? '');
      codes.delete(p.code ?? '');
      const challenge = createHash('sha256')
        .update(p.code_verifier ?? '')
        .digest('base64url');
      if (!grant || grant.redirectUri !== p.redirect_uri || grant.challenge !== challenge) {
        send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        return true;
      }
      account(grant.account).log.push({ kind: 'token:authorization_code', params: {} });
      send(res, 200, issueTokens(grant.account, true));
      return true;
    }
    if (p.grant_type === 'refresh_token') {
      const owner = refreshTokens.get(p.refresh_token ?? '');
      if (!owner) {
        send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return true;
      }
      account(owner).log.push({ kind: 'token:refresh_token', params: {} });
      send(res, 200, issueTokens(owner, false));
      return true;
    }
    send(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${p.grant_type}` });
    return true;
  }

  if (path === '/google/people/v1/contactGroups' && req.method === 'GET') {
    const owner = authorize(req, res);
    if (!owner) return true;
    const a = account(owner);
    a.log.push({ kind: 'contactGroups', params: Object.fromEntries(url.searchParams) });
    const user = a.groups.map((g) => ({ ...g, formattedName: g.name, groupType: 'USER_CONTACT_GROUP', memberCount: 1 }));
    send(res, 200, { contactGroups: [...SYSTEM_GROUPS, ...user], totalItems: SYSTEM_GROUPS.length + user.length });
    return true;
  }

  if (path === '/google/people/v1/people/me/connections' && req.method === 'GET') {
    const owner = authorize(req, res);
    if (!owner) return true;
    const a = account(owner);
    const q = Object.fromEntries(url.searchParams);
    a.log.push({ kind: 'connections', params: q });
    if (a.fault) {
      const f = a.fault;
      const status = f.status ?? 200;
      const text =
        f.raw ??
        JSON.stringify({
          error: {
            code: status,
            message: 'The service is currently unavailable.',
            status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE',
          },
        });
      res.writeHead(status, {
        'content-type': f.raw ? 'text/html' : 'application/json; charset=UTF-8',
        ...(f.retryAfter ? { 'retry-after': f.retryAfter } : {}),
      });
      if (!f.dripMs) {
        res.end(text);
        return true;
      }
      void (async () => {
        for (const ch of text) {
          if (res.destroyed) return;
          res.write(ch);
          await new Promise((r) => setTimeout(r, f.dripMs));
        }
        if (!res.destroyed) res.end();
      })();
      return true;
    }
    const personFields = q.personFields;
    if (!personFields) {
      send(res, 400, {
        error: { code: 400, message: 'personFields mask is required. Please specify one or more valid paths.', status: 'INVALID_ARGUMENT' },
      });
      return true;
    }
    let since = -1;
    if (q.syncToken) {
      const m = q.syncToken.match(/^sync-(\d+)$/);
      if (!m || a.expireSyncTokens) {
        send(res, 400, {
          error: {
            code: 400,
            message: 'Sync token is expired. Clear local cache and retry call without the sync token.',
            status: 'FAILED_PRECONDITION',
            details: [
              { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'EXPIRED_SYNC_TOKEN', domain: 'people.googleapis.com' },
            ],
          },
        });
        return true;
      }
      since = Number(m[1]);
    }
    const all = [...a.people.values()]
      .filter((e) => (since < 0 ? !e.deleted : e.version > since))
      .map((e) =>
        e.deleted ? { resourceName: e.person.resourceName, etag: 'x', metadata: { deleted: true } } : masked(e.person, personFields),
      );
    const size = Math.min(Number(q.pageSize) || 100, a.pageSize);
    const start = Number(q.pageToken ?? 0);
    const page = all.slice(start, start + size);
    const more = start + size < all.length;
    send(res, 200, {
      ...(page.length ? { connections: page } : {}),
      ...(more ? { nextPageToken: String(start + size) } : {}),
      ...(!more && q.requestSyncToken === 'true' ? { nextSyncToken: `sync-${a.version}` } : {}),
      totalPeople: all.length,
      totalItems: all.length,
    });
    return true;
  }
  return false;
});
