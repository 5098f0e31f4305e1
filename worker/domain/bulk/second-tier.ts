import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { tagNorm } from '../contacts/normalize';
import { schedulePurge } from '../contacts/purge-interactions';
import type { Deps } from '../deps';
import { auditedDeleteStatements } from './audited-delete';
import { countOf, visibleContactsTagged } from './bulk-queries';

// SPEC §1: messaging-platform group participants never messaged directly carry this tag.
// Tags compare case-insensitively (DESIGN "Data"), so "2nd Tier" is the same tag.
export const SECOND_TIER_TAG = tagNorm('2nd tier');

// A token limited to some contacts (ADR 035) counts and deletes only the ones it may see.
const secondTierContacts = (db: Db, userId: string) => visibleContactsTagged(db, userId, SECOND_TIER_TAG);

export async function countSecondTierContacts(db: Db, userId: string): Promise<number> {
  const [result] = await runStatements<{ n: number }>(db, [countOf(secondTierContacts(db, userId))]);
  return Number(result?.results[0]?.n ?? 0);
}

/** Permanently deletes every "2nd tier" contact with its related data, in one audited batch. */
export async function deleteSecondTierContacts(deps: Deps, userId: string): Promise<{ deleted_count: number }> {
  const { db } = deps;
  const [found] = await runStatements<{ id: string; full_name: string }>(db, [secondTierContacts(db, userId)]);
  const removed = found?.results ?? [];
  if (removed.length === 0) return { deleted_count: 0 };
  await runStatements(
    db,
    auditedDeleteStatements(
      db,
      userId,
      'contacts.delete_second_tier',
      removed,
      removed.map((r) => r.id),
    ),
  );
  await schedulePurge(deps, userId);
  return { deleted_count: removed.length };
}
