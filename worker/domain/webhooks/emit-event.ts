import { newId, nowIso } from '../../db/columns';
import { runStatements, type Statement } from '../../db/sql-batch';
import type { UserStore } from '../../db/stores';
import type { JobMessage } from '../../jobs/messages';
import { insertDeliveriesStatement } from './webhook-delivery-queries';
import { envelope, type WebhookEvent } from './webhook-events';

/** Queues take at most 100 messages per sendBatch. */
const SEND_BATCH = 100;
const STATEMENTS_PER_BATCH = 50;
/** Events whose deliveries one statement inserts: their bodies travel as one JSON parameter. */
const EVENTS_PER_STATEMENT = 25;

/**
 * The one seam where something that happened becomes webhook deliveries: a delivery per
 * event for each of the user's enabled endpoints subscribed to it (or for the endpoint
 * `only`), then a queue message per delivery. Costs one statement per 25 events, in one batch, when nobody listens. Returns
 * the new deliveries' ids.
 */
export async function emitEvent(
  store: UserStore,
  jobs: Queue<JobMessage>,
  events: WebhookEvent | readonly WebhookEvent[],
  only?: string,
  /** Written in the same batch (a cursor that moves past the events). */
  alongside: Statement[] = [],
): Promise<string[]> {
  const list = Array.isArray(events) ? events : [events as WebhookEvent];
  if (list.length === 0 && alongside.length === 0) return [];
  const at = nowIso();
  const rows = list.map((event) => {
    const id = `evt_${newId()}`;
    return { id, type: event.type, body: JSON.stringify(envelope(id, event, at)) };
  });
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += EVENTS_PER_STATEMENT)
    statements.push(insertDeliveriesStatement(store, rows.slice(i, i + EVENTS_PER_STATEMENT), at, only));
  const ids: string[] = [];
  // A sync may log hundreds of interactions at once: batches of STATEMENTS_PER_BATCH, the
  // statements written alongside in the last one.
  for (let i = 0; i === 0 || i < statements.length; i += STATEMENTS_PER_BATCH) {
    const chunk = statements.slice(i, i + STATEMENTS_PER_BATCH);
    const last = i + STATEMENTS_PER_BATCH >= statements.length;
    const results = await runStatements<{ id: string }>(store.db, [...chunk, ...(last ? alongside : [])]);
    ids.push(...results.slice(0, chunk.length).flatMap((result) => result.results.map((row) => row.id)));
  }
  for (let i = 0; i < ids.length; i += SEND_BATCH) {
    await jobs.sendBatch(
      ids
        .slice(i, i + SEND_BATCH)
        .map((delivery_id) => ({ body: { type: 'deliver_webhook', user_id: store.userId, delivery_id, round: 0 } })),
    );
  }
  return ids;
}
