import type { Env } from '../env';

/** Cron only enqueues (DESIGN "Background jobs"); the queue does the work. */
export async function runScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  await env.JOBS.sendBatch([{ body: { type: 'backfill_all_contacts' } }, { body: { type: 'refresh_relationships' } }]);
}
