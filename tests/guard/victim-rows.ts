import { env } from 'cloudflare:workers';
import { databaseNamed, databaseOf, DIRECTORY_DATABASE } from '../../worker/db/stores';
import type { Env } from '../../worker/env';

/** Columns that move when A's own credentials are merely used, not changed. */
const CLOCKS = new Set(['last_seen_at', 'last_used_at']);

async function tablesWithUserId(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name")
    .all<{ name: string }>();
  const tables: string[] = [];
  for (const { name } of results) {
    const { results: columns } = await db.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    if (columns.some((c) => c.name === 'user_id')) tables.push(name);
  }
  return tables;
}

async function rowsOf(db: D1Database, table: string, where: string, userId: string): Promise<string[]> {
  const { results } = await db.prepare(`SELECT * FROM "${table}" WHERE ${where} = ?1`).bind(userId).all<Record<string, unknown>>();
  return results
    .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, CLOCKS.has(k) ? '…' : v]))))
    .sort()
    .map((row) => `${table} ${row}`);
}

/**
 * Every row of user A, read straight from D1: A's user row and every table with a user_id, on
 * the database that holds A and on the directory (they differ when users are spread over
 * several databases). One line per row, so a difference names the table and the row.
 */
export async function victimRows(userId: string): Promise<string[]> {
  const testEnv = env as unknown as Env;
  const own = await databaseOf(testEnv, userId);
  const lines: string[] = [];
  for (const name of new Set([DIRECTORY_DATABASE, own])) {
    const db = databaseNamed(testEnv, name);
    if (name === DIRECTORY_DATABASE) lines.push(...(await rowsOf(db, 'users', 'id', userId)));
    for (const table of await tablesWithUserId(db)) lines.push(...(await rowsOf(db, table, 'user_id', userId)));
  }
  return lines;
}

/** The lines of `after` that differ from `before`: what changed, in a form a failure can print. */
export function rowChanges(before: string[], after: string[]): string[] {
  const was = new Set(before);
  const now = new Set(after);
  return [...before.filter((line) => !now.has(line)).map((line) => `- ${line}`), ...after.filter((line) => !was.has(line)).map((line) => `+ ${line}`)];
}
