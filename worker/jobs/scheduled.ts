import type { Env } from '../env';

/** Cron only enqueues (DESIGN "Background jobs"); the queue does the work. */
export async function runScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  await env.JOBS.send({ type: 'backfill_all_contacts' });
}
