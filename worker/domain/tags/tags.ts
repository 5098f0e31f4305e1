import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactTags } from '../../db/schema';
import { runStatements } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import { tagNorm } from '../contacts/normalize';
import { AppError, notFound } from '../errors';

export interface TagSummary {
  tag: string;
  count: number;
}

/** Every tag of the user with how many contacts carry it, most used first. */
export async function listTags(db: Db, userId: string): Promise<TagSummary[]> {
  const rows = await db
    .select({ tag: sql<string>`min(${contactTags.tag})`, norm: contactTags.tagNorm, count: sql<number>`count(*)` })
    .from(contactTags)
    .where(eq(contactTags.userId, userId))
    .groupBy(contactTags.tagNorm)
    .orderBy(sql`count(*) DESC`, contactTags.tagNorm);
  return rows.map((r) => ({ tag: r.tag, count: r.count }));
}

async function assertTagExists(db: Db, userId: string, norm: string) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactTags)
    .where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, norm)))
    .get();
  if (!row?.n) throw notFound('Tag');
  return row.n;
}

/**
 * Renames a tag on every contact. Renaming onto an existing tag merges the two: a contact
 * that had both keeps one. Case-only renames change the spelling in place.
 */
export async function renameTag(db: Db, userId: string, from: string, to: string): Promise<{ affected: number }> {
  const fromNorm = tagNorm(from);
  const toNorm = tagNorm(to);
  const newTag = to.trim();
  if (!toNorm)
    throw new AppError('invalid_request', 'The new tag name must not be empty', {
      issues: [{ path: 'name', message: 'must not be empty' }],
    });
  const affected = await assertTagExists(db, userId, fromNorm);
  await runStatements(db, [
    sql`INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm)
      SELECT user_id, contact_id, ${newTag}, ${toNorm} FROM contact_tags WHERE user_id = ${userId} AND tag_norm = ${fromNorm}`,
    ...(fromNorm === toNorm ? [] : [db.delete(contactTags).where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, fromNorm)))]),
    db
      .update(contactTags)
      .set({ tag: newTag })
      .where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, toNorm))),
  ]);
  return { affected };
}

/** Removes a tag from every contact (the contacts stay), audited. */
export async function deleteTag(db: Db, userId: string, tag: string): Promise<{ affected: number }> {
  const norm = tagNorm(tag);
  const affected = await assertTagExists(db, userId, norm);
  await db.batch([
    auditStatement(db, userId, 'tag.delete', 'tag', norm, { tag, contacts: affected }),
    db.delete(contactTags).where(and(eq(contactTags.userId, userId), eq(contactTags.tagNorm, norm))),
  ]);
  return { affected };
}
