import { syncedDrivers } from '../domain/channels/drivers';
import type { Env } from '../env';

/**
 * Every quarter hour: each synced channel's sync (Gmail + Calendar, X, Telegram), the sweep
 * of interactions left by deleted contacts, and reminders pushed to the devices of users whose
 * chosen hour it is (a quarter hour catches zones offset by 30 or 45 minutes). The other cron is
 * the nightly one.
 */
export const CHANNEL_SYNC_CRON = '*/15 * * * *';

/** Every minute: contact changes and due reminders become webhook deliveries (ADR 030). */
export const WEBHOOK_SCAN_CRON = '* * * * *';

/** Cron only enqueues (DESIGN "Background jobs"); the queue does the work. */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  if (controller.cron === WEBHOOK_SCAN_CRON) {
    await env.JOBS.send({ type: 'scan_webhook_events' });
    return;
  }
  if (controller.cron === CHANNEL_SYNC_CRON) {
    await env.JOBS.sendBatch([
      ...syncedDrivers.map(({ sync }) => ({ body: { type: sync.job } })),
      { body: { type: 'purge_interactions' } },
      { body: { type: 'send_push_reminders' } },
    ]);
    return;
  }
  await env.JOBS.sendBatch([
    { body: { type: 'backfill_all_contacts' } },
    { body: { type: 'refresh_relationships' } },
    { body: { type: 'sweep_rate_limits' } },
    { body: { type: 'sweep_contact_changes' } },
    { body: { type: 'sweep_audit_contents' } },
    { body: { type: 'sweep_idempotency_keys' } },
    // The nightly run early on Monday (UTC) starts the weekly digest.
    ...(new Date(controller.scheduledTime).getUTCDay() === 1 ? [{ body: { type: 'send_weekly_digest' as const } }] : []),
  ]);
}
