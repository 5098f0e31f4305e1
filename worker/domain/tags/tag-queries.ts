import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactTags } from '../../db/schema';

// A user's tags as contact_tags holds them: one row per contact and tag, grouped by tag_norm.

/** Each tag of the user (its least spelling, min(tag)), its norm and how many contacts carry it, most used first. */
export async function tagCounts(db: Db, userId: string): Promise<{ tag: string; norm: string; count: number }[]> {
  return db
    .select({ tag: sql<string>`min(${contactTags.tag})`, norm: contactTags.tagNorm, count: sql<number>`count(*)` })
    .from(contactTags)
    .where(eq(contactTags.userId, userId))
    .groupBy(contactTags.tagNorm)
    .orderBy(sql`count(*) DESC`, contactTags.tagNorm);
}

/** How many contacts of the user carry the tag of this norm. */
export async function contactsWithTag(db: Db, userId: string, norm: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactTags)
    .where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, norm)))
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
