import { env } from 'cloudflare:workers';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';

/** The Worker's env with a Mapbox secret, so geocoding goes to the fake Mapbox. */
export const mapboxEnv = { ...(env as unknown as Env), MAP_PROVIDER_SECRET_TOKEN: 'sk.test-secret' } as Env;

let seq = 0;

export interface DeliveryResult {
  messageIds: string[];
  acked: string[];
  retried: { id: string; delaySeconds: number | undefined }[];
}

/**
 * Delivers messages to the Worker's real queue handler, as the queue would, and records
 * what it did with each (ack, or retry with which delay).
 */
export async function deliverJobs(
  bodies: unknown[],
  { attempts = 1, target = mapboxEnv, queue = 'kith-jobs' } = {},
): Promise<DeliveryResult> {
  const result: DeliveryResult = { messageIds: [], acked: [], retried: [] };
  const messages = bodies.map((body) => {
    const id = `msg-${++seq}`;
    result.messageIds.push(id);
    return {
      id,
      timestamp: new Date(),
      attempts,
      body,
      ack: () => void result.acked.push(id),
      retry: (options?: QueueRetryOptions) => void result.retried.push({ id, delaySeconds: options?.delaySeconds }),
    };
  });
  const batch = {
    queue,
    messages,
    ackAll: () => messages.forEach((m) => m.ack()),
    retryAll: (options?: QueueRetryOptions) => messages.forEach((m) => m.retry(options)),
  };
  await worker.queue(batch as unknown as MessageBatch<never>, target);
  return result;
}

export function deliverGeocodeJobs(userId: string, contactIds: string[], options: { attempts?: number; target?: Env } = {}) {
  return deliverJobs(
    contactIds.map((id) => ({ type: 'geocode_contact', user_id: userId, contact_id: id })),
    options,
  );
}
