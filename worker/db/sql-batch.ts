import { is, SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

const dialect = new SQLiteAsyncDialect();

/** A drizzle query builder (insert, update, delete, select) or a raw `sql` template. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/** One statement as D1 prepares it, to run in a batch of prepared statements. */
export function prepare(db: Db, statement: Statement): D1PreparedStatement {
  const query = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
  return db.$client.prepare(query.sql).bind(...query.params);
}

/**
 * Runs builders and raw SQL together as one atomic D1 batch: every batch with a raw `sql`
 * statement goes through here. drizzle's own db.batch() cannot bind parameters of raw `sql`
 * statements (drizzle-orm 0.45 reaches for a prepared statement that raw queries do not
 * have); it stays for batches of builders only, whose rows it maps to the schema's names.
 */
export async function runStatements<T = Record<string, unknown>>(db: Db, statements: Statement[]): Promise<D1Result<T>[]> {
  if (statements.length === 0) return [];
  return db.$client.batch<T>(statements.map((s) => prepare(db, s)));
}
