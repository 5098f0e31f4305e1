import type { Deps } from '../deps';
import { emitEvent } from '../webhooks/emit-event';
import { networkEventViewOf } from './life-event-view';
import { eventsWithContactById } from './message-reading-queries';

const IDS_PER_READ = 90;

/**
 * Emits `life_event.found` for the proposals of `ids` that were written: whatever found them (a
 * message, an import's or a sync's field change, an enrichment). A proposal that was already on
 * its contact was not written again under its new id, so it is not announced twice.
 */
export async function announceFound(deps: Pick<Deps, 'db' | 'store' | 'jobs'>, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const written = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ)
    written.push(...(await eventsWithContactById(deps.db, deps.store.userId, ids.slice(i, i + IDS_PER_READ))));
  if (!written.length) return 0;
  await emitEvent(
    deps.store,
    deps.jobs,
    written.map((w) => ({ type: 'life_event.found', data: { life_event: networkEventViewOf(w) } })),
  );
  return written.length;
}
