import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { WAYS_IN, type WayIn } from '../../worker/domain/auth/every-way-in';
import { newPushDevice } from '../support/push-device';
import { as, call, json, signUp, uniqueEmail } from '../support/client';

// Issue 41 item 2, as a class: every table that holds something credential-like (a token, a
// secret, a hash, a password, a sealed value, a push endpoint) is either ended by WAYS_IN (a
// reset, "log out everywhere", account deletion) or says here why it is no way in. A new column
// or table that looks like a credential fails this test until it is placed (docs/decisions/050).

type Holder = { way: WayIn; live?: string } | { notAWayIn: string };

const HOLDERS: Record<string, Holder> = {
  sessions: { way: 'sessions' },
  api_tokens: { way: 'api_tokens' },
  app_passwords: { way: 'app_passwords' },
  oauth_grants: { way: 'connected_apps' },
  oauth_codes: { way: 'authorization_codes' },
  'api_tokens.token_hash': { way: 'api_tokens' },
  'api_tokens.token_prefix': { way: 'api_tokens' },
  'api_tokens.created_by_token_id': { way: 'api_tokens' },
  'app_passwords.password_hash': { way: 'app_passwords' },
  'app_passwords.password_prefix': { way: 'app_passwords' },
  'oauth_grants.refresh_hash': { way: 'connected_apps' },
  'oauth_grants.previous_refresh_hash': { way: 'connected_apps' },
  'oauth_codes.code_hash': { way: 'authorization_codes' },
  'oauth_codes.code_challenge': { way: 'authorization_codes' },
  login_challenges: { way: 'two_factor_challenges' },
  password_resets: { way: 'reset_links' },
  known_devices: { way: 'known_devices' },
  'keep_in_touch_settings.calendar_token_hash': { way: 'calendar_feed' },
  'keep_in_touch_settings.calendar_token_created_at': { way: 'calendar_feed' },
  'keep_in_touch_settings.calendar_token_created_by': { way: 'calendar_feed' },
  push_subscriptions: { way: 'push_subscriptions' },
  'push_subscriptions.endpoint': { way: 'push_subscriptions' },
  'push_subscriptions.p256dh': { way: 'push_subscriptions' },
  'push_subscriptions.auth': { way: 'push_subscriptions' },
  'webhook_endpoints.created_by_token_id': { way: 'token_webhooks' },
  // Named by no pattern: the Monica token is sealed inside the import's `mapping`.
  'imports.mapping': { way: 'monica_imports', live: "source = 'monica' AND json_extract(mapping, '$.token') IS NOT NULL" },

  'users.password_hash': { notAWayIn: 'the password itself: a reset replaces it in the batch that ends the rest' },
  'users.password_salt': { notAWayIn: 'the password itself: a reset replaces it in the batch that ends the rest' },
  'two_factor.secret_encrypted': { notAWayIn: 'a second factor, useless without the password; a reset keeps it (ADR 007)' },
  'recovery_codes.code_hash': { notAWayIn: 'a second factor, useless without the password; a reset keeps it (ADR 007)' },
  passkeys: { notAWayIn: 'kept by a reset on purpose and shown after it (ADR 027); only a browser session may add one (ADR 050)' },
  'passkeys.credential_id': { notAWayIn: 'see passkeys' },
  'passkeys.public_key': { notAWayIn: 'see passkeys' },
  passkey_challenges: { notAWayIn: 'a five-minute ceremony that still needs a passkey, or a session or two-factor sign-in, which end' },
  'passkey_challenges.login_challenge_id': { notAWayIn: 'see passkey_challenges' },
  oauth_clients: { notAWayIn: 'public client registrations, shared by no one and holding no secret' },
  oauth_states: { notAWayIn: "ten minutes of a Google or X connect, Kith's way out, not in" },
  'oauth_states.code_verifier': { notAWayIn: 'see oauth_states' },
  'google_connections.access_token_enc': { notAWayIn: "Kith's way out into Google, ended by Disconnect or deletion" },
  'google_connections.refresh_token_enc': { notAWayIn: "Kith's way out into Google, ended by Disconnect or deletion" },
  'google_connections.sync_token': { notAWayIn: "Google's page cursor" },
  'channel_connections.credentials_encrypted': { notAWayIn: "Kith's way out into Gmail, X or Telegram, ended by Disconnect or deletion" },
  'webhook_endpoints.secret_sealed': { notAWayIn: 'signs what Kith sends out; lets no one in' },
  'webhook_endpoints.previous_secret_sealed': { notAWayIn: 'signs what Kith sends out; lets no one in' },
  'webhook_endpoints.previous_secret_until': { notAWayIn: 'signs what Kith sends out; lets no one in' },
  'webhook_deliveries.endpoint_id': { notAWayIn: 'a reference' },
  'contacts.bcc_token': { notAWayIn: 'only lets mail be logged into the account; rotating it would break saved addresses (ADR 007)' },
  'keep_in_touch_settings.digest_key': { notAWayIn: 'signs unsubscribe links, which can only turn the digest off' },
  'rate_limits.key': { notAWayIn: 'a counter' },
  'message_sends.idempotency_key': { notAWayIn: 'a retry key' },
  'idempotency_keys.key': { notAWayIn: 'a retry key: it replays only the answer to its own write, to its own user' },
  'reminders.source_key': { notAWayIn: "the Monica reminder's id an import finds it again by (ADR 057): a record's source, no way in" },
  'life_events.proposal_key': { notAWayIn: 'a de-duplication key' },
  'contact_field_sources.value_key': { notAWayIn: 'a value identity' },
  'contact_files.r2_key': { notAWayIn: "where a file's bytes are kept in R2 (ADR 066); served only through the owner's signed-in routes" },
  'contact_files.source_key': { notAWayIn: "the Monica photo's or document's id an import finds it again by (ADR 066)" },
};

const CREDENTIAL_COLUMN = /token|secret|hash|password|credential|seal|_enc$|encrypt|p256dh|^auth$|endpoint|verifier|challenge|key/;
const CREDENTIAL_TABLE = /session|challenge|reset|device|token|secret|password|passkey|oauth|credential|grant|subscription/;

const databases = () => {
  const bindings = env as unknown as { DB: D1Database; DB_SHARD_2?: D1Database };
  return [bindings.DB, ...(bindings.DB_SHARD_2 ? [bindings.DB_SHARD_2] : [])];
};

async function storeOf(userId: string): Promise<D1Database> {
  for (const db of databases())
    if (await db.prepare('SELECT 1 FROM keep_in_touch_settings WHERE user_id = ?1').bind(userId).first()) return db;
  throw new Error('no user database holds the account');
}

async function credentialLike(): Promise<string[]> {
  const { results } = await databases()[0]!
    .prepare(
      `SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND m.name NOT LIKE 'd1_%'`,
    )
    .all<{ t: string; c: string }>();
  const found = new Set<string>();
  for (const { t, c } of results) {
    if (CREDENTIAL_TABLE.test(t)) found.add(t);
    if (CREDENTIAL_COLUMN.test(c)) found.add(`${t}.${c}`);
  }
  return [...found].sort();
}

describe('every credential-like column is ended by WAYS_IN or says why not', () => {
  it('places every such table and column, and names only ways in that exist', async () => {
    const found = await credentialLike();
    const unplaced = found.filter((name) => !(name in HOLDERS));
    expect(
      unplaced,
      'Add each to WAYS_IN (worker/domain/auth/every-way-in.ts) and to HOLDERS here, or say in HOLDERS why it is no way in',
    ).toEqual([]);
    const stale = Object.keys(HOLDERS).filter((name) => !found.includes(name) && name !== 'imports.mapping');
    expect(stale, 'HOLDERS names tables or columns that no longer exist').toEqual([]);
    const ways = Object.values(HOLDERS).flatMap((h) => ('way' in h ? [h.way] : []));
    expect(ways.filter((way) => !(way in WAYS_IN))).toEqual([]);
  });

  it('leaves none of them live after "log out everywhere" on an account that used every way in it can make', async () => {
    const email = uniqueEmail('every-credential');
    const me = await signUp('Every credential', email);
    const token = (
      await json(await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'n8n', scopes: ['account', 'contacts:read'] } }))
    ).data.token as string;
    const byToken = { authorization: `Bearer ${token}` };
    expect((await as(me, '/api/v1/settings/calendar-feed', { method: 'POST' })).status).toBe(201);
    expect((await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: 'phone' } })).status).toBe(201);
    expect((await as(me, '/api/v1/push/devices', { method: 'POST', json: (await newPushDevice()).subscription })).status).toBe(201);
    const hook = { url: 'https://hooks.test/kith', events: ['contact.created'] };
    expect((await call('/api/v1/webhooks', { method: 'POST', json: hook, headers: byToken })).status).toBe(201);
    expect((await as(me, '/api/v1/webhooks', { method: 'POST', json: hook })).status).toBe(201);
    await call('/api/v1/auth/password/forgot', { method: 'POST', json: { email } });
    // A Monica import in flight, holding its sealed token (its start needs a Monica to answer),
    // in the user's own database: the one holding the feed just made.
    const store = await storeOf(me.user.id);
    await store
      .prepare(
        `INSERT INTO imports (id, user_id, kind, status, source, mapping, resume, created_at, updated_at)
            VALUES (?1, ?2, 'monica', 'running', 'monica', ?3, '{"stage":"notes","page":2}', ?4, ?4)`,
      )
      .bind(
        crypto.randomUUID(),
        me.user.id,
        JSON.stringify({ api_root: 'https://monica.test/api', token: 'sealed' }),
        new Date().toISOString(),
      )
      .run();

    const res = await as(me, '/api/v1/auth/logout-everywhere', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.ended).toMatchObject({ token_webhooks: 1, monica_imports: 1, app_passwords: 1, push_subscriptions: 1 });

    const live: string[] = [];
    for (const [name, holder] of Object.entries(HOLDERS)) {
      if (!('way' in holder)) continue;
      const [table, column] = name.split('.') as [string, string | undefined];
      const where = holder.live ?? (column ? `${column} IS NOT NULL` : '1');
      for (const db of databases()) {
        const row = await db
          .prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1 AND ${where}`)
          .bind(me.user.id)
          .first<{ n: number }>();
        if (row!.n > 0) live.push(`${name}: ${row!.n}`);
      }
    }
    expect(live).toEqual([]);
    // What the browser set up itself stays: its webhook, not the token's.
    const again = await call('/api/v1/auth/login', { method: 'POST', json: { email, password: 'correct horse battery' } });
    const hooks = await json(await as({ user: me.user, cookie: again.headers.get('set-cookie')!.split(';')[0]! }, '/api/v1/webhooks'));
    expect(hooks.data.map((h: { created_by_token_id: string | null }) => h.created_by_token_id)).toEqual([null]);
  });
});
