import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { MERGE_TABLES } from './merge-tables';

export type RelatedRow = Record<string, unknown>;

/** Per contact, per table of MERGE_TABLES: the rows that name it, as stored (snake_case columns). */
export type RelatedRows = Map<string, Record<string, RelatedRow[]>>;

/**
 * Tables whose rows a merge snapshots in full. The timeline is the exception: it can run to
 * thousands of entries that move and are never deleted, so the snapshot counts them and the
 * merge record lists their ids (contact_merge_rows).
 */
const SNAPSHOT_TABLES = Object.entries(MERGE_TABLES).filter(
  ([table, r]) => r.rule !== 'derived' && r.rule !== 'cleared' && r.rule !== 'tombstone' && table !== 'interactions',
);

/**
 * Everything the contacts among `ids` hold in the tables a merge moves, in one batch of one read
 * per table (the ids as one JSON parameter). What the merge record keeps of each merged contact.
 */
export async function relatedRowsOf(
  db: Db,
  userId: string,
  ids: string[],
): Promise<{ rows: RelatedRows; interactions: Map<string, number> }> {
  const list = sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  const reads = SNAPSHOT_TABLES.map(([table, r]) =>
    r.rule === 'pair'
      ? sql`SELECT * FROM ${sql.identifier(table)} WHERE +user_id = ${userId} AND (contact_a IN ${list} OR contact_b IN ${list})`
      : sql`SELECT * FROM ${sql.identifier(table)} WHERE +user_id = ${userId} AND contact_id IN ${list}`,
  );
  const counted = sql`SELECT contact_id, count(*) AS n FROM interactions WHERE user_id = ${userId} AND contact_id IN ${list} GROUP BY contact_id`;
  const results = await runStatements<RelatedRow>(db, [...reads, counted]);
  const rows: RelatedRows = new Map(ids.map((id) => [id, {}]));
  SNAPSHOT_TABLES.forEach(([table], i) => {
    for (const row of results[i]!.results) {
      const owners = 'contact_id' in row ? [row.contact_id] : [row.contact_a, row.contact_b];
      for (const owner of owners) {
        const mine = rows.get(String(owner));
        if (mine) (mine[table] ??= []).push(row);
      }
    }
  });
  const interactions = new Map(
    (results[SNAPSHOT_TABLES.length]!.results as { contact_id: string; n: number }[]).map((r) => [r.contact_id, r.n]),
  );
  return { rows, interactions };
}
