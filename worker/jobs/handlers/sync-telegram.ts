import { and, eq } from 'drizzle-orm';
import { channelConnections } from '../../db/schema-channels';
import type { Deps } from '../../domain/deps';
import { AppError, RateLimitedError } from '../../domain/errors';
import { syncTelegram } from '../../domain/telegram/sync-telegram';
import type { JobMessage } from '../messages';
import { RetryLater } from '../retry-later';

/**
 * The Telegram sync. Without user_id (the cron) it fans out one job per connected account.
 * FLOOD_WAIT_X brings the job back after X seconds; an ended session is shown on the
 * Settings card (by withTelegram) and not retried.
 */
export async function syncTelegramJob(deps: Deps, job: Extract<JobMessage, { type: 'sync_telegram' }>): Promise<void> {
  if (!job.user_id) {
    const rows = await deps.db
      .select({ userId: channelConnections.userId })
      .from(channelConnections)
      .where(and(eq(channelConnections.channel, 'telegram'), eq(channelConnections.status, 'connected')));
    for (let i = 0; i < rows.length; i += 100) {
      await deps.jobs.sendBatch(rows.slice(i, i + 100).map((r) => ({ body: { type: 'sync_telegram' as const, user_id: r.userId } })));
    }
    return;
  }
  await quietly(async () => {
    const outcome = await syncTelegram(deps, job.user_id!);
    if (outcome.more) await deps.jobs.send({ type: 'sync_telegram', user_id: job.user_id });
  });
}

/** The per-contact part, run by the sync_contact job (a contact page visit). */
export async function syncTelegramContact(deps: Deps, userId: string, contactId: string): Promise<void> {
  await quietly(() => syncTelegram(deps, userId, contactId));
}

async function quietly(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof RateLimitedError) throw new RetryLater(error.retryAfterSeconds, error.message);
    if (error instanceof AppError && (error.code === 'channel_not_connected' || error.code === 'not_configured')) return;
    throw error;
  }
}
