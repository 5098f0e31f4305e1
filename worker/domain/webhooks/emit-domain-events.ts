import type { Deps } from '../deps';
import { getImport } from '../imports/import-status';
import type { InteractionView } from '../timeline/interaction-view';
import { emitEvent } from './emit-event';

// The events emitted where they happen (the contact events come from the change log instead).
// Life events, when Kith finds them, are emitted the same way: a 'life_event.found' type in
// webhook-events.ts and one call here.

/** interaction.logged for each new timeline entry (a note, meeting, call, synced message...). */
export async function emitInteractionsLogged(deps: Deps, userId: string, interactions: readonly InteractionView[]): Promise<void> {
  if (deps.store.userId !== userId || interactions.length === 0) return;
  await emitEvent(
    deps.store,
    deps.jobs,
    interactions.map((interaction) => ({ type: 'interaction.logged', data: { interaction } })),
  );
}

/** import.finished when an import is done or has stopped. */
export async function emitImportFinished(deps: Deps, importId: string): Promise<void> {
  await emitEvent(deps.store, deps.jobs, {
    type: 'import.finished',
    data: { import: await getImport(deps.db, deps.store.userId, importId) },
  });
}
