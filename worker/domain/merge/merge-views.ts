import { mayShow, type ContactLimit } from '../auth/contact-limit';

/** Who made a merge: the user, or the auto-merge after a sync or an import. */
export type MergeOrigin = 'manual' | 'auto';

/** A merge into a contact that can still be undone, as the contact page and the API show it. */
export interface OpenMergeView {
  id: string;
  origin: MergeOrigin;
  merged_at: string;
  /** The merged-away contact's name at the time of the merge. */
  merged_name: string;
}

type OpenMergeRow = { id: string; origin: MergeOrigin; createdAt: string; data: string };
type MergeSnapshot = { contact?: { fullName?: string | null }; tags?: string[] };

/**
 * The rows of openMergesInto (the merge record with its audit entry's snapshot) as the page shows
 * them. For a token limited to some contacts (ADR 074), only the merges of contacts it would have
 * seen, by the tags the snapshot kept: the others' names are of contacts kept from it.
 */
export function openMergeViewsOf(rows: OpenMergeRow[], limit: ContactLimit | null): OpenMergeView[] {
  return rows.flatMap((row) => {
    const snapshot = JSON.parse(row.data) as MergeSnapshot;
    if (!mayShow(limit, snapshot.tags ?? [])) return [];
    return [{ id: row.id, origin: row.origin, merged_at: row.createdAt, merged_name: snapshot.contact?.fullName ?? '' }];
  });
}

/** What the activity log says of a merge entry: undone or not, and whether the user made it. */
export interface MergeEntryState {
  origin: MergeOrigin;
  undone: boolean;
  /** Past the 30 days a merge can be undone (ADR 026): what it needed is gone. */
  expired: boolean;
}
