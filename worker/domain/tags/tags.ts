import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import { tagNorm } from '../contacts/normalize';
import { AppError, notFound } from '../errors';
import { renameTagSourcesStatement } from '../sources/field-source-queries';
import { contactsWithTag, copyTag, removeTag, respellTag, tagCounts } from './tag-queries';

export interface TagSummary {
  tag: string;
  count: number;
}

/** The user's tags with how many contacts carry each, most used first (every tag, or the first `limit`). */
export async function listTags(db: Db, userId: string, limit?: number): Promise<TagSummary[]> {
  const rows = await tagCounts(db, userId, limit);
  return rows.map((r) => ({ tag: r.tag, count: r.count }));
}

async function assertTagExists(db: Db, userId: string, norm: string) {
  const n = await contactsWithTag(db, userId, norm);
  if (!n) throw notFound('Tag');
  return n;
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
    ...(fromNorm === toNorm ? [] : [renameTagSourcesStatement(userId, fromNorm, toNorm)]),
    copyTag(userId, fromNorm, newTag, toNorm),
    ...(fromNorm === toNorm ? [] : [removeTag(db, userId, fromNorm)]),
    respellTag(db, userId, toNorm, newTag),
  ]);
  return { affected };
}

/** Removes a tag from every contact (the contacts stay), audited. */
export async function deleteTag(db: Db, userId: string, tag: string): Promise<{ affected: number }> {
  const norm = tagNorm(tag);
  const affected = await assertTagExists(db, userId, norm);
  await runStatements(db, [
    auditStatement(db, userId, 'tag.delete', 'tag', norm, { tag, contacts: affected }),
    renameTagSourcesStatement(userId, norm, null),
    removeTag(db, userId, norm),
  ]);
  return { affected };
}
