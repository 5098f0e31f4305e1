import type { Deps } from '../../worker/domain/deps';
import { getDelivery, listDeliveries } from '../../worker/domain/webhooks/webhook-deliveries';
import { listWebhooks } from '../../worker/domain/webhooks/webhook-endpoints';
import { WEBHOOK_ENDPOINT_LIMIT } from '../../worker/domain/webhooks/webhook-input';

/** Deliveries shown per endpoint on the card; the API pages through all that are kept. */
const RECENT = 5;

/**
 * The Webhooks card: every endpoint (at most 10) with its latest deliveries, and the delivery
 * named by `?delivery=<endpoint>.<delivery>` opened with its attempts.
 */
export async function loadWebhooks(deps: Deps, url: URL) {
  const { items } = await listWebhooks(deps.store, 1, WEBHOOK_ENDPOINT_LIMIT);
  const deliveries = await Promise.all(items.map((endpoint) => listDeliveries(deps.store, endpoint.id, 1, RECENT)));
  const [endpointId, deliveryId] = (url.searchParams.get('delivery') ?? '').split('.');
  const opened =
    endpointId && deliveryId && items.some((e) => e.id === endpointId)
      ? await getDelivery(deps.store, endpointId, deliveryId).catch(() => null)
      : null;
  return {
    endpoints: items.map((endpoint, i) => ({ ...endpoint, deliveries: deliveries[i]!.items, total: deliveries[i]!.total })),
    opened: opened ? { endpointId: endpointId!, ...opened } : null,
  };
}

export type WebhooksCardData = Awaited<ReturnType<typeof loadWebhooks>>;
