import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { tagNorm } from '../contacts/normalize';
import { schedulePurge } from '../contacts/purge-interactions';
import type { Deps } from '../deps';
import { auditedDeleteStatements } from './audited-delete';

// SPEC §1: messaging-platform group participants never messaged directly carry this tag.
// Tags compare case-insensitively (DESIGN "Data"), so "2nd Tier" is the same tag.
export const SECOND_TIER_TAG = tagNorm('2nd tier');

const secondTierContacts = (userId: string) =>
  sql`SELECT c.id AS id, c.full_name AS full_name FROM contact_tags t JOIN contacts c ON c.id = t.contact_id
      WHERE t.user_id = ${userId} AND t.tag_norm = ${SECOND_TIER_TAG} AND +c.user_id = ${userId}`;

export async function countSecondTierContacts(db: Db, userId: string): Promise<number> {
  const [result] = await runStatements<{ n: number }>(db, [sql`SELECT count(*) AS n FROM (${secondTierContacts(userId)})`]);
  return Number(result?.results[0]?.n ?? 0);
}

/** Permanently deletes every "2nd tier" contact with its related data, in one audited batch. */
export async function deleteSecondTierContacts(deps: Deps, userId: string): Promise<{ deleted_count: number }> {
  const { db } = deps;
  const [found] = await runStatements<{ id: string; full_name: string }>(db, [secondTierContacts(userId)]);
  const removed = found?.results ?? [];
  if (removed.length === 0) return { deleted_count: 0 };
  await runStatements(db, auditedDeleteStatements(db, userId, 'contacts.delete_second_tier', removed, removed.map((r) => r.id)));
  await schedulePurge(deps, userId);
  return { deleted_count: removed.length };
}
