import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';

/** The user's tags, most used first, for the tag filter (walks the (user_id, tag_norm) index). */
export async function listTagsInUse(db: Db, userId: string, limit = 100): Promise<{ tag: string; count: number }[]> {
  const [result] = await runStatements<{ tag: string; count: number }>(db, [
    sql`SELECT min(tag) AS tag, count(*) AS count FROM contact_tags WHERE user_id = ${userId}
        GROUP BY tag_norm ORDER BY count(*) DESC, tag_norm ASC LIMIT ${limit}`,
  ]);
  return (result?.results ?? []).map((r) => ({ tag: String(r.tag), count: Number(r.count) }));
}
