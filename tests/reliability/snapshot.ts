import { env } from 'cloudflare:workers';
import { databaseNamed } from '../../worker/db/stores';
import { getSettings, type Env } from '../../worker/env';
import { BACKGROUND_ONLY_TABLES } from '../support/background-tables';
import { userD1 } from '../support/stores';

const testEnv = env as unknown as Env;

/**
 * Every row the database holds for one user: each table with a user_id column (but those only
 * background work writes), the staged
 * import rows of the user's imports and the search index rows of the user's contacts,
 * each sorted, so two snapshots compare equal exactly when nothing changed.
 */
export async function snapshotUser(userId: string): Promise<Record<string, unknown[]>> {
  const db = await userD1(userId);
  const { results: tables } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
    )
    .all<{ name: string }>();
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const { results: columns } = await db.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    if (!columns.some((c) => c.name === 'user_id') || BACKGROUND_ONLY_TABLES.includes(name)) continue;
    const order = columns.map((_, i) => i + 1).join(', ');
    snapshot[name] = (await db.prepare(`SELECT * FROM "${name}" WHERE user_id = ?1 ORDER BY ${order}`).bind(userId).all()).results;
  }
  snapshot.import_rows = (
    await db
      .prepare('SELECT * FROM import_rows WHERE import_id IN (SELECT id FROM imports WHERE user_id = ?1) ORDER BY 1, 2')
      .bind(userId)
      .all()
  ).results;
  snapshot.contacts_fts = (
    await db
      .prepare('SELECT rowid, * FROM contacts_fts WHERE rowid IN (SELECT rowid FROM contacts WHERE user_id = ?1) ORDER BY rowid')
      .bind(userId)
      .all()
  ).results;
  return snapshot;
}

let seq = 0;

/**
 * A test-only trigger that aborts the statement touching the given row, so the failure
 * happens inside the real D1 batch, in the middle of it. It is made on every user database
 * (the condition names the row, whichever database holds it). Returns a function that drops it.
 */
export async function failWhen(table: string, event: 'INSERT' | 'UPDATE' | 'DELETE', condition: string): Promise<() => Promise<void>> {
  const name = `test_fail_${Date.now()}_${++seq}`;
  const databases = getSettings(testEnv).USER_DATABASES.map((database) => databaseNamed(testEnv, database));
  for (const db of databases) {
    await db
      .prepare(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
      .run();
  }
  return async () => {
    for (const db of databases) await db.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
  };
}

/** Quotes a value for a trigger condition (ids and names in these tests are plain text). */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
