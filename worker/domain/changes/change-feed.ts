import type { UserStore } from '../../db/stores';
import { loadContactViews, type ContactView } from '../contacts/contact-view';
import { AppError } from '../errors';
import { changePageStatements, type ChangeKinds, type ChangeRow } from './change-feed-queries';
import { changeRowsForLimit } from './limited-change-rows';

/** How long a deleted or merged-away contact's tombstone is kept: a phone offline for weeks still hears of it. */
export const TOMBSTONE_DAYS = 90;
export const CHANGE_PAGE_DEFAULT = 100;
export const CHANGE_PAGE_MAX = 500;

export interface ContactChange {
  /** The change's place in the log: pass the page's cursor, not this, to read on. */
  seq: number;
  contact_id: string;
  change: 'upserted' | 'deleted';
  /** For a contact merged away: the contact it became part of. */
  merged_into: string | null;
  changed_at: string;
  /** The contact as it is now, for an upsert; null for a tombstone. */
  contact: ContactView | null;
}

export interface ChangePage {
  changes: ContactChange[];
  /** Where the next read starts: every change up to here has been given. */
  cursor: string;
  has_more: boolean;
}

/** A cursor is the seq of the last change read, as a decimal string; '' or '0' reads from the beginning. */
export function parseCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^\d{1,15}$/.test(cursor)) {
    throw new AppError('invalid_request', 'This is not a change cursor', {
      issues: [{ path: 'since', message: 'expected the cursor of an earlier page' }],
    });
  }
  return Number(cursor);
}

/** A page of the change log itself: its rows, where the next read starts, and whether more follow. */
export interface ChangeRowPage {
  rows: ChangeRow[];
  cursor: string;
  has_more: boolean;
}

/**
 * The log rows of `store`'s user after `since`, oldest first, at most `limit`. A cursor older
 * than the kept tombstones, or not given by this log, is refused (410 cursor_expired): the
 * client starts again from ''.
 */
export async function readChangeRows(store: UserStore, since: number, limit: number, kinds?: ChangeKinds): Promise<ChangeRowPage> {
  const [page, horizon, issued] = await store.d1.batch(changePageStatements(store, since, limit, kinds));
  const rows = (page?.results ?? []) as unknown as ChangeRow[];
  const swept = (horizon?.results[0] as { seq: number } | undefined)?.seq ?? 0;
  const highest = (issued?.results[0] as { seq: number } | undefined)?.seq ?? 0;
  if (since > 0 && (since < swept || since > highest)) {
    throw new AppError(
      'cursor_expired',
      'This change cursor is too old or not from this account: read the changes again from the beginning',
      {
        since: String(since),
      },
    );
  }
  const hasMore = rows.length > limit;
  const taken = hasMore ? rows.slice(0, limit) : rows;
  const last = taken[taken.length - 1];
  return { rows: taken, cursor: String(last ? last.seq : since), has_more: hasMore };
}

/**
 * The contacts of `store`'s user that changed after `since` (docs/decisions/021), oldest change
 * first, each contact once with its latest change: upserts with the contact as it is now,
 * tombstones for the deleted and merged away. Reading from the beginning gives every live
 * contact, so a new client needs no other snapshot.
 */
export async function readChanges(store: UserStore, since: number, limit: number, bccDomain?: string): Promise<ChangePage> {
  const { rows: taken, cursor, has_more } = await readChangeRows(store, since, limit);
  const upserted = taken.filter((row) => row.change === 'upserted').map((row) => row.contact_id);
  const views = new Map((await loadContactViews(store.db, store.userId, upserted, bccDomain)).map((view) => [view.id, view]));
  const changes: ContactChange[] = [];
  for (const row of await changeRowsForLimit(store, taken, since, new Set(views.keys()))) {
    const contact = row.change === 'upserted' ? (views.get(row.contact_id) ?? null) : null;
    // Deleted between the two reads: its tombstone comes after this page's cursor.
    if (row.change === 'upserted' && !contact) continue;
    changes.push({ ...row, contact });
  }
  return { changes, cursor, has_more };
}
