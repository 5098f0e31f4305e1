import type { UserStore } from '../../db/stores';
import { AppError } from '../errors';
import { loadSearchRows } from '../search/local/search-row-queries';
import { scorePageStatements } from './score-change-queries';
import type { SearchIndexPage } from './search-index-feed';

/**
 * The contacts whose relationship score moved after `since` (migrations/0068, ADR 055), each as
 * the row the browser's local index keeps, oldest move first: what keeps its order by score
 * current after the nightly refresh, which the card's change log leaves out. Without `since`,
 * no rows and the cursor to start from: the index's snapshot already holds today's scores.
 * Deleted contacts are the card feed's tombstones; contacts a limited token cannot see are left out.
 */
export async function readScoreChanges(store: UserStore, since: number | null, limit: number): Promise<SearchIndexPage> {
  const [page, issued] = await store.d1.batch(scorePageStatements(store, since ?? 0, limit));
  const highest = (issued?.results[0] as { seq: number } | undefined)?.seq ?? 0;
  if (since === null) return { changes: [], cursor: String(highest), has_more: false };
  if (since > highest) {
    throw new AppError('cursor_expired', 'This score cursor was not given by this log: ask again without `since`', {
      since: String(since),
    });
  }
  const rows = (page?.results ?? []) as unknown as { seq: number; contact_id: string }[];
  const hasMore = rows.length > limit;
  const taken = hasMore ? rows.slice(0, limit) : rows;
  const found = new Map(
    (
      await loadSearchRows(
        store.db,
        store.userId,
        taken.map((row) => row.contact_id),
      )
    ).map((row) => [row.id, row]),
  );
  return {
    changes: taken.flatMap(({ contact_id }) => {
      const row = found.get(contact_id);
      return row ? [{ contact_id, change: 'upserted' as const, merged_into: null, row }] : [];
    }),
    cursor: String(taken.at(-1)?.seq ?? since),
    has_more: hasMore,
  };
}
