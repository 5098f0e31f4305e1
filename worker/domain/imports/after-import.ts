import type { Deps } from '../deps';
import { autoMergeByIdentifiers } from '../merge/auto-merge';

/**
 * What runs once contacts arrived from an import, a Google sync or the LinkedIn extension:
 * SPEC §6 "syncs of the ... professional-network ... sources trigger automatic merging of
 * contacts with identical email or phone" (the oldest contact survives).
 *
 * `contactIds` narrows the merge to the contacts touched (undefined: all of the user's).
 */
export async function afterContactsArrived(deps: Deps, userId: string, contactIds?: string[]): Promise<void> {
  await autoMergeByIdentifiers(deps, userId, contactIds);
}
