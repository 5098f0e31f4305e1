import type { UserStore } from '../../db/stores';
import { limitOfDb } from '../auth/contact-limit';
import { contactIdsOfUser } from '../timeline/interaction-queries';
import { everTaggedAmong, type ChangeRow } from './change-feed-queries';

/** contactIdsOfUser reads at most this many ids at once (D1's bound parameters). */
const IDS_PER_READ = 90;

/**
 * The change rows a limited token is given (ADR 044), `shown` being the contacts of the page it
 * may see now. A contact it may not see is left out, or, when the token could once have seen it
 * (it held one of the token's tags), given as a deletion: deleted, merged away, or gone from the
 * limit (a tag taken off, tagged "private"), the client drops it. A reader from the beginning
 * holds nothing, so it gets no deletions at all. A merge names its survivor only when visible.
 */
export async function changeRowsForLimit(store: UserStore, rows: ChangeRow[], since: number, shown: Set<string>): Promise<ChangeRow[]> {
  const limit = limitOfDb(store.db);
  if (!limit) return rows;
  const gone = rows.filter((row) => !(row.change === 'upserted' && shown.has(row.contact_id))).map((row) => row.contact_id);
  if (since === 0 || gone.length === 0) return rows.filter((row) => row.change === 'upserted' && shown.has(row.contact_id));
  const onceShown = limit.tags ? await everTaggedAmong(store, gone, limit.tags) : new Set(gone);
  const survivors = [...new Set(rows.flatMap((row) => (row.merged_into && onceShown.has(row.contact_id) ? [row.merged_into] : [])))];
  const visibleSurvivors = new Set<string>();
  for (let i = 0; i < survivors.length; i += IDS_PER_READ)
    for (const { id } of await contactIdsOfUser(store.db, store.userId, survivors.slice(i, i + IDS_PER_READ))) visibleSurvivors.add(id);
  return rows.flatMap((row): ChangeRow[] => {
    if (row.change === 'upserted' && shown.has(row.contact_id)) return [row];
    if (!onceShown.has(row.contact_id)) return [];
    const mergedInto = row.merged_into && visibleSurvivors.has(row.merged_into) ? row.merged_into : null;
    return [{ ...row, change: 'deleted', merged_into: mergedInto }];
  });
}
