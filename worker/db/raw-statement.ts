import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';

/**
 * A raw SQL statement that can go into `db.batch()`. drizzle's D1 batch binds parameters
 * through `prepared.stmt`, which its raw `db.run(sql)` objects lack (drizzle-orm 0.45), so a
 * raw statement with parameters fails in a batch; giving it the D1 statement fixes that.
 */
export function rawStatement(db: Db, query: SQL): BatchItem<'sqlite'> {
  const raw = db.run(query) as unknown as { getQuery(): { sql: string }; stmt?: D1PreparedStatement };
  raw.stmt = db.$client.prepare(raw.getQuery().sql);
  return raw as unknown as BatchItem<'sqlite'>;
}
