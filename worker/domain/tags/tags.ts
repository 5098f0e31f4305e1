import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import { assertSeesEveryContact, limitOfDb } from '../auth/contact-limit';
import { tagNorm } from '../contacts/normalize';
import { AppError, notFound } from '../errors';
import { renameTagSourcesStatement } from '../sources/field-source-queries';
import { contactsWithTag, copyTag, removeTag, respellTag, tagCounts, visibleTagCounts } from './tag-queries';

export interface TagSummary {
  tag: string;
  count: number;
}

/**
 * The user's tags with how many contacts carry each, most used first (every tag, or the first
 * `limit`). A token limited to some contacts (ADR 035) hears only of the tags its contacts carry,
 * counted over them: a tag's name and count say something about the contacts it may not see.
 */
export async function listTags(db: Db, userId: string, limit?: number): Promise<TagSummary[]> {
  const contactLimit = limitOfDb(db);
  const rows = contactLimit ? await visibleTagCounts(db, userId, contactLimit, limit) : await tagCounts(db, userId, limit);
  return rows.map((r) => ({ tag: r.tag, count: r.count }));
}

/**
 * A tag is renamed or deleted on every contact, the ones a limited token may not see too; and
 * the limit itself is made of tags: deleting "private", or renaming "family" to the "work" a
 * token is limited to, would let that token see what its owner kept from it. Refused before
 * the tag is even looked up, so the answer says nothing of whether it exists.
 */
function assertMayChangeEveryContact(db: Db, what: string) {
  assertSeesEveryContact(db, `${what}: a tag changes on every contact, and the token's limit is made of tags`);
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
  assertMayChangeEveryContact(db, 'rename a tag');
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
  assertMayChangeEveryContact(db, 'delete a tag');
  const norm = tagNorm(tag);
  const affected = await assertTagExists(db, userId, norm);
  await runStatements(db, [
    auditStatement(db, userId, 'tag.delete', 'tag', norm, { tag, contacts: affected }),
    renameTagSourcesStatement(userId, norm, null),
    removeTag(db, userId, norm),
  ]);
  return { affected };
}
