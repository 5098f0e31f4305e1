import { CONTACTS_ARRIVED_MAX } from '../../jobs/messages';
import type { Deps } from '../deps';
import { autoMergeByIdentifiers } from '../merge/auto-merge';
import { recomputeScores } from '../scoring/relationship-score';

/**
 * Importers and syncs say "these contacts arrived" and go on: one `contacts_arrived` job per
 * up to 500 contacts does what follows an arrival (SPEC §6), off the import's own budget.
 * Ids repeated across calls are harmless: the job's work is idempotent.
 */
export async function contactsArrived(deps: Pick<Deps, 'jobs' | 'store'>, contactIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(contactIds)];
  const userId = deps.store.userId;
  for (let i = 0; i < ids.length; i += CONTACTS_ARRIVED_MAX) {
    await deps.jobs.send({ type: 'contacts_arrived', user_id: userId, contact_ids: ids.slice(i, i + CONTACTS_ARRIVED_MAX) });
  }
}

/**
 * The job: contacts that share an exact email or phone with another become one (the oldest
 * surviving, autoMergeByIdentifiers), and the scores of those left are recomputed, so an
 * import's people are ranked by what came with them (a merge rescored its survivor already).
 */
export async function settleArrivedContacts(deps: Deps, contactIds: string[]): Promise<void> {
  const userId = deps.store.userId;
  const merges = await autoMergeByIdentifiers(deps, userId, contactIds);
  const gone = new Set(merges.flatMap((m) => m.merged_ids));
  const left = contactIds.filter((id) => !gone.has(id));
  if (left.length) await recomputeScores(deps.db, userId, left);
}

/** The contacts of an upsert that something new arrived on (an unchanged match brought nothing). */
export const arrivedIds = (outcomes: { contactId: string; outcome: string }[]) =>
  outcomes.filter((o) => o.outcome !== 'unchanged').map((o) => o.contactId);
