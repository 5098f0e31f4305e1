import { nowIso } from '../../db/columns';
import type { UserStore } from '../../db/stores';
import type { JobMessage } from '../../jobs/messages';
import { notFound } from '../errors';
import { emitEvent } from './emit-event';
import { attemptsOf, deliveriesPage, deliveryCount, findDelivery, reopenDelivery } from './webhook-delivery-queries';
import { findEndpoint } from './webhook-endpoint-queries';
import { TEST_EVENT, type WebhookEvent } from './webhook-events';
import { toAttemptView, type WebhookAttemptView } from './webhook-view';

export interface WebhookDeliveryView {
  id: string;
  event_id: string;
  event: WebhookEvent['type'];
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryDetail extends WebhookDeliveryView {
  /** The request body every attempt sent. */
  body: string;
  /** Newest first, at most 50. */
  attempt_log: WebhookAttemptView[];
}

type DeliveryFields = Awaited<ReturnType<typeof deliveriesPage>>[number];
const toDeliveryView = (row: DeliveryFields): WebhookDeliveryView => ({
  id: row.id,
  event_id: row.eventId,
  event: row.eventType as WebhookEvent['type'],
  status: row.status,
  attempts: row.attempts,
  next_attempt_at: row.nextAttemptAt,
  last_status_code: row.lastStatusCode,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

async function assertEndpoint(store: UserStore, endpointId: string): Promise<void> {
  if (!(await findEndpoint(store, endpointId))) throw notFound('Webhook');
}

/** The endpoint's delivery log, newest first (the newest 200 are kept). */
export async function listDeliveries(store: UserStore, endpointId: string, page: number, pageSize: number) {
  await assertEndpoint(store, endpointId);
  const [rows, total] = await Promise.all([
    deliveriesPage(store, endpointId, pageSize, (page - 1) * pageSize),
    deliveryCount(store, endpointId),
  ]);
  return { items: rows.map(toDeliveryView), total };
}

export async function getDelivery(store: UserStore, endpointId: string, id: string): Promise<WebhookDeliveryDetail> {
  const row = await findDelivery(store, endpointId, id);
  if (!row) throw notFound('Delivery');
  const attempts = await attemptsOf(store, id);
  return { ...toDeliveryView(row), body: row.body, attempt_log: attempts.map(toAttemptView) };
}

/** "Redeliver": a finished delivery gets a new round of attempts, the first one now. */
export async function redeliver(store: UserStore, jobs: Queue<JobMessage>, endpointId: string, id: string): Promise<WebhookDeliveryDetail> {
  const row = await findDelivery(store, endpointId, id);
  if (!row) throw notFound('Delivery');
  if (await reopenDelivery(store, endpointId, id, nowIso())) {
    await jobs.send({ type: 'deliver_webhook', user_id: store.userId, delivery_id: id, round: 0 });
  }
  return getDelivery(store, endpointId, id);
}

/** "Send test delivery": a webhook.test event to this endpoint only, through the queue like any other. */
export async function sendTestDelivery(store: UserStore, jobs: Queue<JobMessage>, endpointId: string): Promise<WebhookDeliveryDetail> {
  await assertEndpoint(store, endpointId);
  const [id] = await emitEvent(
    store,
    jobs,
    { type: TEST_EVENT, data: { message: 'A test delivery from Kith: your endpoint is reached.' } },
    endpointId,
  );
  return getDelivery(store, endpointId, id!);
}
