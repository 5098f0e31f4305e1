import { env } from 'cloudflare:workers';
import type { Env } from '../../worker/env';
import { userD1 } from './stores';

interface AccountRowsOptions {
  /** Columns that background jobs or plain reads move (a geocode, a score, a last-seen time). */
  ignoreColumns: string[];
  /** Tables only background work writes (the map's cells follow geocoding). */
  ignoreTables?: string[];
  /**
   * Leaves out the purge's backlog: the interactions of deleted contacts, which the
   * purge_interactions job removes in the background after a delete (ADR 010), while a
   * comparison may be waiting on a later request.
   */
  hidePurgeBacklog?: boolean;
}

/**
 * Reads everything Kith stores for one user, one D1 batch per database: the users row and
 * each table with a user_id column in the directory and in the user's own database, the
 * staged rows of their imports and the search index of their contacts. The reader learns
 * the tables once, so a fuzzer can afford a read after every write. A line per table, so a
 * failed comparison names the table that moved.
 */
export async function accountRowsReader(userId: string, options: AccountRowsOptions): Promise<() => Promise<string>> {
  const directory = (env as unknown as Env).DB;
  const own = await userD1(userId);
  const databases = own === directory ? [directory] : [directory, own];
  const readers = await Promise.all(databases.map((db) => tableReader(db, userId, options)));
  readers[0]!.add(
    'users',
    directory.prepare(`SELECT ${(await keptColumns(directory, 'users', options)).join(', ')} FROM users WHERE id = ?1`).bind(userId),
  );
  readers
    .at(-1)!
    .add(
      'import_rows',
      own.prepare('SELECT * FROM import_rows WHERE import_id IN (SELECT id FROM imports WHERE user_id = ?1) ORDER BY 1, 2').bind(userId),
    );
  const indexed = (await keptColumns(own, 'contacts_fts', options)).join(', ');
  readers
    .at(-1)!
    .add(
      'contacts_fts',
      own
        .prepare(`SELECT rowid, ${indexed} FROM contacts_fts WHERE rowid IN (SELECT rowid FROM contacts WHERE user_id = ?1) ORDER BY rowid`)
        .bind(userId),
    );
  return async () => (await Promise.all(readers.map((r) => r.read()))).join('\n');
}

async function keptColumns(db: D1Database, table: string, options: AccountRowsOptions): Promise<string[]> {
  const { results } = await db.prepare(`PRAGMA table_xinfo("${table}")`).all<{ name: string; hidden: number }>();
  return results.filter((c) => c.hidden === 0 && !options.ignoreColumns.includes(c.name)).map((c) => `"${c.name}"`);
}

async function tableReader(db: D1Database, userId: string, options: AccountRowsOptions) {
  const { results: tables } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE '%fts_%' ORDER BY name",
    )
    .all<{ name: string }>();
  const names: string[] = [];
  const statements: D1PreparedStatement[] = [];
  const add = (name: string, statement: D1PreparedStatement) => {
    names.push(name);
    statements.push(statement);
  };
  for (const { name } of tables) {
    const { results: columns } = await db.prepare(`PRAGMA table_xinfo("${name}")`).all<{ name: string }>();
    if (!columns.some((c) => c.name === 'user_id') || options.ignoreTables?.includes(name)) continue;
    if (options.hidePurgeBacklog && name === 'interaction_purges') continue;
    const kept = await keptColumns(db, name, options);
    const live =
      options.hidePurgeBacklog && name === 'interactions'
        ? ' AND EXISTS (SELECT 1 FROM contacts c WHERE c.id = interactions.contact_id AND c.user_id = ?1)'
        : '';
    add(
      name,
      db
        .prepare(`SELECT ${kept.join(', ')} FROM "${name}" WHERE user_id = ?1${live} ORDER BY ${kept.map((_, i) => i + 1).join(', ')}`)
        .bind(userId),
    );
  }
  return {
    add,
    read: async () => (await db.batch(statements)).map((r, i) => `${names[i]}: ${JSON.stringify(r.results)}`).join('\n'),
  };
}
