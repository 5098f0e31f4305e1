import type { Deps } from '../deps';

/**
 * What runs once contacts arrived from an import, a Google sync or the LinkedIn extension:
 * SPEC §6 "syncs of the ... professional-network ... sources trigger automatic merging of
 * contacts with identical email or phone". The deterministic auto-merge itself
 * (`autoMergeByIdentifiers` in worker/domain/merge/) lives on another branch; this is the one
 * place it gets called from. Until it is wired, nothing extra happens here: an import never
 * writes an identifier that another contact owns, so no duplicate is created either way.
 *
 * `contactIds` narrows the merge to the contacts touched (undefined: all of the user's).
 */
export async function afterContactsArrived(_deps: Deps, _userId: string, _contactIds?: string[]): Promise<void> {}
