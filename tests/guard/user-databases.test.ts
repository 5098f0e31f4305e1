import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DIRECTORY_DATABASE, databaseNamed, databaseOf } from '../../worker/db/stores';
import { getSettings, type Env } from '../../worker/env';
import { as, call, createContact, json, signUp, type Session } from '../support/client';

// The storage seam (docs/decisions/015) holds when every row is where the directory says:
// global tables only in the directory (DB), a user's rows only in the database that holds the
// user. KITH_TEST_SHARDS=2 spreads the suite's users over DB and DB_SHARD_2; these checks run
// over every row the suite has written so far, plus a user made here on each database.

const testEnv = env as unknown as Env;
const DATABASES = getSettings(testEnv).USER_DATABASES;
const SHARDS = DATABASES.filter((name) => name !== DIRECTORY_DATABASE);
const SHARDED = SHARDS.length > 0;
const NOT_SHARDED = 'one user database (run with KITH_TEST_SHARDS=2 to spread users over two)';

/** Tables only the directory holds: sign-in (and its known devices and passkeys), tokens, rate limits, the geocoding cache and claims, the directory itself. */
const DIRECTORY_ONLY = [
  'sessions',
  'api_tokens',
  'app_passwords',
  'rate_limits',
  'password_resets',
  'two_factor',
  'recovery_codes',
  'login_challenges',
  'known_devices',
  'passkeys',
  'passkey_challenges',
  'geocode_cache',
  'geocode_claims',
  'user_databases',
];

const d1 = (name: string) => databaseNamed(testEnv, name);
const count = async (db: D1Database, sql: string, ...params: unknown[]) =>
  (await db
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

/** The tables of `db` with a user_id column that hold a user's own data. */
async function userTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
    )
    .all<{ name: string }>();
  const tables: string[] = [];
  for (const { name } of results) {
    if (DIRECTORY_ONLY.includes(name)) continue;
    const { results: columns } = await db.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    if (columns.some((c) => c.name === 'user_id')) tables.push(name);
  }
  return tables;
}

/** Signs up users until one lands on `database` (placement is a hash of a random id). */
async function userOn(database: string): Promise<Session> {
  for (let i = 0; i < 40; i++) {
    const me = await signUp('Placed');
    if ((await databaseOf(testEnv, me.user.id)) === database) return me;
  }
  throw new Error(`no new user landed on ${database} in 40 sign-ups`);
}

/** What a user does that writes both kinds of rows: contacts and notes; a token, two-factor setup, a reset request. */
async function exerciseAccount(me: Session): Promise<void> {
  const contact = await createContact(me, {
    first_name: 'Placed',
    last_name: 'Person',
    emails: [`placed.${me.user.id}@example.com`],
    tags: ['placed'],
    location: 'Berlin',
  });
  expect((await as(me, `/api/v1/contacts/${contact.id}/notes`, { method: 'POST', json: { body: 'where is this row?' } })).status).toBe(201);
  expect((await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'placed' } })).status).toBe(201);
  expect((await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' })).status).toBe(200);
  expect((await call('/api/v1/auth/password/forgot', { method: 'POST', json: { email: me.user.email } })).status).toBeLessThan(300);
  expect((await json(await as(me, '/api/v1/contacts'))).meta.total).toBe(1);
}

describe('users spread over D1 databases (docs/decisions/015)', () => {
  it.skipIf(SHARDED)(`with ${NOT_SHARDED}, every user lives on DB and the directory notes none`, async () => {
    const me = await signUp();
    expect(DATABASES).toEqual([DIRECTORY_DATABASE]);
    expect(await databaseOf(testEnv, me.user.id)).toBe(DIRECTORY_DATABASE);
    expect(await count(d1(DIRECTORY_DATABASE), 'SELECT count(*) AS n FROM user_databases WHERE user_id = ?1', me.user.id)).toBe(0);
  });

  describe.skipIf(!SHARDED)(`with users on ${DATABASES.join(' and ')}`, () => {
    let onShard: Session;
    let onDirectory: Session;

    beforeAll(async () => {
      onShard = await userOn(SHARDS[0]!);
      onDirectory = await userOn(DIRECTORY_DATABASE);
      for (const me of [onShard, onDirectory]) await exerciseAccount(me);
    }, 60_000);

    it("each user's rows are on their own database and nowhere else", async () => {
      const shard = d1(SHARDS[0]!);
      const directory = d1(DIRECTORY_DATABASE);
      expect(await count(shard, 'SELECT count(*) AS n FROM contacts WHERE user_id = ?1', onShard.user.id)).toBe(1);
      expect(await count(shard, 'SELECT count(*) AS n FROM interactions WHERE user_id = ?1', onShard.user.id)).toBe(1);
      expect(await count(directory, 'SELECT count(*) AS n FROM contacts WHERE user_id = ?1', onShard.user.id)).toBe(0);
      expect(await count(directory, 'SELECT count(*) AS n FROM contacts WHERE user_id = ?1', onDirectory.user.id)).toBe(1);
      expect(await count(shard, 'SELECT count(*) AS n FROM contacts WHERE user_id = ?1', onDirectory.user.id)).toBe(0);
      // The shard user's sign-in rows are the directory's.
      expect(await count(directory, 'SELECT count(*) AS n FROM api_tokens WHERE user_id = ?1', onShard.user.id)).toBe(1);
      expect(await count(directory, 'SELECT count(*) AS n FROM sessions WHERE user_id = ?1', onShard.user.id)).toBeGreaterThan(0);
    });

    it('no other database holds a row of a directory-only table', async () => {
      for (const name of SHARDS) {
        for (const table of DIRECTORY_ONLY) expect(await count(d1(name), `SELECT count(*) AS n FROM ${table}`), `${name}.${table}`).toBe(0);
      }
    });

    it("a shard's users rows are stubs (no email, name or password) of users the directory places there", async () => {
      for (const name of SHARDS) {
        const shard = d1(name);
        expect(
          await count(
            shard,
            "SELECT count(*) AS n FROM users WHERE email <> id OR name <> '' OR password_hash <> '' OR password_salt <> ''",
          ),
          name,
        ).toBe(0);
        const stubs = (await shard.prepare('SELECT id FROM users').all<{ id: string }>()).results.map((r) => r.id);
        expect(stubs).toContain(onShard.user.id);
        // A sign-up running now writes its stub just before its directory row: allow it a moment.
        await vi.waitFor(
          async () => {
            const placed = new Set(
              (
                await d1(DIRECTORY_DATABASE)
                  .prepare('SELECT user_id FROM user_databases WHERE database = ?1')
                  .bind(name)
                  .all<{ user_id: string }>()
              ).results.map((r) => r.user_id),
            );
            expect(
              stubs.filter((id) => !placed.has(id)),
              name,
            ).toEqual([]);
          },
          { timeout: 5_000, interval: 100 },
        );
      }
    });

    it('the directory holds no per-user row of a user placed on another database', async () => {
      const directory = d1(DIRECTORY_DATABASE);
      const tables = await userTables(directory);
      expect(tables).toEqual(expect.arrayContaining(['contacts', 'interactions', 'audit_log', 'dead_letters', 'followups']));
      for (const table of tables) {
        const stray = await count(
          directory,
          `SELECT count(*) AS n FROM "${table}" WHERE user_id IN (SELECT user_id FROM user_databases WHERE database <> ?1)`,
          DIRECTORY_DATABASE,
        );
        expect(stray, table).toBe(0);
      }
    });

    it('a shard holds per-user rows only of the users the directory places there', async () => {
      for (const name of SHARDS) {
        const shard = d1(name);
        const placed = new Set(
          (
            await d1(DIRECTORY_DATABASE)
              .prepare('SELECT user_id FROM user_databases WHERE database = ?1')
              .bind(name)
              .all<{ user_id: string }>()
          ).results.map((r) => r.user_id),
        );
        for (const table of await userTables(shard)) {
          const owners = (
            await shard.prepare(`SELECT DISTINCT user_id FROM "${table}" WHERE user_id IS NOT NULL`).all<{ user_id: string }>()
          ).results.map((r) => r.user_id);
          expect(
            owners.filter((id) => !placed.has(id)),
            `${name}.${table}`,
          ).toEqual([]);
        }
      }
    });
  });
});
