import type { Deps } from '../../domain/deps';
import { attemptDelivery } from '../../domain/webhooks/deliver-webhook';
import type { JobMessage } from '../messages';

/** One attempt of a webhook delivery; its retries are new messages with their own delay (ADR 030). */
export const deliverWebhookJob = (deps: Deps, job: Extract<JobMessage, { type: 'deliver_webhook' }>) =>
  attemptDelivery(deps, job.delivery_id, job.round);
