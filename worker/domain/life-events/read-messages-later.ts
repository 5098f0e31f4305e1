import type { Deps } from '../deps';
import type { InteractionView } from '../timeline/interaction-view';

/** Timeline entries that are not something someone said: never read for life events. */
export const NOT_MESSAGES = new Set(['bio_change', 'read_receipt']);

/**
 * New messages were logged: the background pass will read them for life events (ADR 043).
 * One queue message per write, whatever its size; the pass decides whether it reads at all.
 */
export async function readMessagesLater(deps: Deps, userId: string, logged: readonly InteractionView[]): Promise<void> {
  if (deps.store.userId !== userId) return;
  if (!logged.some((i) => !NOT_MESSAGES.has(i.kind) && (i.body || i.subject))) return;
  await deps.jobs.send({ type: 'find_life_events', user_id: deps.store.userId });
}
