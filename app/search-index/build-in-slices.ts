import type { LocalSearchIndex } from '../../worker/domain/search/local/local-search-index';
import type { SearchRow, SearchRowChange } from '../../worker/domain/search/local/search-row';
import type { ContactSort } from '../../worker/domain/search/contact-sorts';
import { LOCAL_INDEX_SLICE_MS } from './local-index-limits';

/** Lets the page take its turn (a key press, a paint) before the next slice. */
const nextTurn = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Puts rows (or removes contacts) into the index in slices of a few milliseconds, so a key
 * pressed during a build of 50 000 waits for one slice, never for the build (docs/decisions/047),
 * and sorts the new words and ranks the orders once, at the end (docs/decisions/061: ranking at
 * every slice merged every word the index held again each time, most of the build's CPU). False
 * when `stale()` says the work was dropped (sign-out, another user) between slices.
 */
export async function applyInSlices(
  index: LocalSearchIndex,
  changes: Iterable<SearchRowChange>,
  sort: ContactSort,
  stale: () => boolean,
  /** A first build's page with more to come: the orders may wait for more rows (docs/decisions/068). */
  partly = false,
): Promise<boolean> {
  let sliceStart = performance.now();
  for (const change of changes) {
    if (change.row) index.put(change.row);
    else index.remove(change.contact_id);
    if (performance.now() - sliceStart > LOCAL_INDEX_SLICE_MS) {
      await nextTurn();
      if (stale()) return false;
      sliceStart = performance.now();
    }
  }
  index.rankOrder(sort, partly);
  return true;
}

/** Saved rows as changes, for `applyInSlices`. */
export function* asChanges(rows: Iterable<SearchRow>): Generator<SearchRowChange> {
  for (const row of rows) yield { contact_id: row.id, change: 'upserted', merged_into: null, row };
}
