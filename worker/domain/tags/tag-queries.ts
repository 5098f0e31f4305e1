import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { contactTags, tagTotals } from '../../db/schema';
import { visibleContactSql } from '../auth/contact-limit-queries';
import type { ContactLimit } from '../auth/contact-limit';

// A user's tags: contact_tags holds one row per contact and tag; tag_totals (migrations/0033)
// counts them per tag_norm.

/**
 * How a tag of `tag_totals t` is shown: the spelling of its first row. Spellings of one tag
 * differ only in case; reading the least of them would read every row of the tag.
 */
export const tagSpelling = sql`(SELECT tag FROM contact_tags WHERE user_id = t.user_id AND tag_norm = t.tag_norm LIMIT 1)`;

/** Each tag of the user, its norm and how many contacts carry it, most used first (the first `limit`). */
export async function tagCounts(db: Db, userId: string, limit?: number): Promise<{ tag: string; norm: string; count: number }[]> {
  const [result] = await runStatements<{ tag: string; norm: string; count: number }>(db, [
    sql`SELECT ${tagSpelling} AS tag, t.tag_norm AS norm, t.contacts AS count FROM tag_totals t
        WHERE t.user_id = ${userId} ORDER BY t.contacts DESC, t.tag_norm ASC LIMIT ${limit ?? -1}`, // -1: SQLite's "no limit"
  ]);
  return (result?.results ?? []).map((r) => ({ tag: String(r.tag), norm: String(r.norm), count: Number(r.count) }));
}

/**
 * The same for a limited token: the tags of the contacts `limit` lets through, counted over
 * them (tag_totals counts every contact, so the tag rows are counted instead).
 */
export async function visibleTagCounts(
  db: Db,
  userId: string,
  limit: ContactLimit,
  first?: number,
): Promise<{ tag: string; norm: string; count: number }[]> {
  const [result] = await runStatements<{ tag: string; norm: string; count: number }>(db, [
    sql`SELECT min(ct.tag) AS tag, ct.tag_norm AS norm, count(*) AS count FROM contact_tags ct
        WHERE ct.user_id = ${userId} AND ${visibleContactSql(userId, limit, sql`ct.contact_id`) ?? sql`1`}
        GROUP BY ct.tag_norm ORDER BY count(*) DESC, ct.tag_norm ASC LIMIT ${first ?? -1}`,
  ]);
  return (result?.results ?? []).map((r) => ({ tag: String(r.tag), norm: String(r.norm), count: Number(r.count) }));
}

/** How many contacts of the user carry the tag of this norm. */
export async function contactsWithTag(db: Db, userId: string, norm: string): Promise<number> {
  const row = await db
    .select({ n: tagTotals.contacts })
    .from(tagTotals)
    .where(and(eq(tagTotals.userId, userId), eq(tagTotals.tagNorm, norm)))
    .get();
  return row?.n ?? 0;
}

/** Gives every contact tagged `fromNorm` the tag `newTag` too (a contact that has it already keeps its row). */
export const copyTag = (userId: string, fromNorm: string, newTag: string, toNorm: string) =>
  sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
      SELECT user_id, contact_id, ${newTag}, ${toNorm} FROM contact_tags WHERE user_id = ${userId} AND tag_norm = ${fromNorm}`;

/** Takes the tag of this norm off every contact of the user. */
export const removeTag = (db: Db, userId: string, norm: string) =>
  db.delete(contactTags).where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, norm)));

/** Spells the tag of this norm as `tag` on every contact of the user. */
export const respellTag = (db: Db, userId: string, norm: string, tag: string) =>
  db
    .update(contactTags)
    .set({ tag })
    .where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, norm)));
