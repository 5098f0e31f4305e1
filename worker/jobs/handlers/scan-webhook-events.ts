import { usersWithWebhookWork } from '../../domain/webhooks/webhook-endpoint-queries';
import { scanWebhookEvents } from '../../domain/webhooks/scan-events';
import { perUserJob } from '../fan-out';

/** With a user: their contact changes and due reminders become deliveries. Without (cron): one job per user with any. */
export const scanWebhookEventsJob = perUserJob('scan_webhook_events', usersWithWebhookWork, async (deps, userId) => {
  const { more } = await scanWebhookEvents(deps);
  if (more) await deps.jobs.send({ type: 'scan_webhook_events', user_id: userId });
});
