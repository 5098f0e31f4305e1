import { useMemo } from 'react';
import type { ContactView } from '../../worker/domain/contacts/contact-view';
import type { ContactSort } from '../../worker/domain/search/contact-sorts';
import type { RowFilter } from '../../worker/domain/search/local/local-filters';
import type { SearchRow } from '../../worker/domain/search/local/search-row';
import { searchLocally } from './local-index';
import { useLocalIndexState } from './use-local-index';

/** What the contact list and the palette show of a contact found locally. */
export type LocalListRow = Pick<
  ContactView,
  | 'id'
  | 'full_name'
  | 'emails'
  | 'avatar_url'
  | 'title'
  | 'company'
  | 'tags'
  | 'priority'
  | 'relationship_score'
  | 'last_interaction_at'
  | 'next_due'
>;

// One list row per stored row while it is kept, so the list's memoised rows see the same object
// from one key to the next and are not drawn again (docs/decisions/061).
const listRows = new WeakMap<SearchRow, LocalListRow>();

export function listRowOf(row: SearchRow): LocalListRow {
  let shown = listRows.get(row);
  if (!shown) listRows.set(row, (shown = rowToShow(row)));
  return shown;
}

const rowToShow = (row: SearchRow): LocalListRow => ({
  id: row.id,
  full_name: row.full_name,
  emails: row.emails,
  avatar_url: null,
  title: row.title,
  company: row.company_id && row.company_name ? { id: row.company_id, name: row.company_name } : null,
  tags: row.tags,
  priority: row.priority,
  relationship_score: row.relationship_score,
  last_interaction_at: row.last_interaction_at,
  next_due: row.next_due,
});

/**
 * The first page of a search from this device's index, or null when it cannot answer as the
 * server would (not built, filters it does not apply, a phone number): the rows to show until
 * the server's page for the same text lands (docs/decisions/040), or offline, with `filter`
 * the list's filters (docs/decisions/068).
 */
export function useLocalRows(
  q: string,
  sort: ContactSort,
  limit: number,
  plain: boolean,
  filter?: RowFilter | null,
): { rows: LocalListRow[]; total: number } | null {
  const index = useLocalIndexState();
  return useMemo(() => {
    if (!plain || !q.trim() || index.kind !== 'ready') return null;
    const page = searchLocally(q, sort, limit, filter ?? undefined);
    return page ? { rows: page.rows.map(listRowOf), total: page.total } : null;
  }, [q, sort, limit, plain, filter, index]);
}
