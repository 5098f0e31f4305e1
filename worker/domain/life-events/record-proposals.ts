import { lifeEvents, type LifeEventRow } from '../../db/schema';
import type { UserStore } from '../../db/stores';
import { jsonInsert } from '../contacts/json-row-queries';

/**
 * Writes found events as proposals, in one statement whatever their number; a finding already
 * on its contact (its key), whatever became of it, is not written again. How many were new.
 */
export async function recordProposals(store: UserStore, rows: LifeEventRow[]): Promise<number> {
  if (!rows.length) return 0;
  const result = await jsonInsert(store.d1, lifeEvents, rows, 'ignore').run();
  return result.meta.changes ?? 0;
}
