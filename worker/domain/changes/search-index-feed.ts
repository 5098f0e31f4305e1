import type { UserStore } from '../../db/stores';
import { loadSearchRows } from '../search/local/search-row-queries';
import type { SearchRowChange } from '../search/local/search-row';
import { readChangeRows } from './change-feed';
import { changeRowsForLimit } from './limited-change-rows';

export const SEARCH_INDEX_PAGE_DEFAULT = 500;
export const SEARCH_INDEX_PAGE_MAX = 2000;

export interface SearchIndexPage {
  changes: SearchRowChange[];
  cursor: string;
  has_more: boolean;
}

/**
 * The browser's local search index (docs/decisions/040) read from the change log (ADR 021):
 * from the beginning it is the snapshot (every live contact, paged), from a cursor the
 * contacts created, changed, merged or deleted since, each as the row the index keeps.
 * Same cursors and the same 410 as GET /changes; only the rows are smaller (no notes).
 */
export async function readSearchIndex(store: UserStore, since: number, limit: number): Promise<SearchIndexPage> {
  const { rows, cursor, has_more } = await readChangeRows(store, since, limit);
  const upserted = rows.filter((row) => row.change === 'upserted').map((row) => row.contact_id);
  const found = new Map((await loadSearchRows(store.db, store.userId, upserted)).map((row) => [row.id, row]));
  const changes: SearchRowChange[] = [];
  for (const change of await changeRowsForLimit(store, rows, since, new Set(found.keys()))) {
    const row = change.change === 'upserted' ? (found.get(change.contact_id) ?? null) : null;
    // Deleted between the two reads: its tombstone comes after this page's cursor.
    if (change.change === 'upserted' && !row) continue;
    changes.push({ contact_id: change.contact_id, change: change.change, merged_into: change.merged_into, row });
  }
  return { changes, cursor, has_more };
}
