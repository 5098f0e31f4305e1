import { connectedUserIdsAfter } from '../../domain/channels/connections';
import type { Deps } from '../../domain/deps';
import { syncTelegram } from '../../domain/telegram/sync-telegram';
import { perUserJob } from '../fan-out';
import { channelWork } from '../retry';

/**
 * The Telegram sync. Without user_id (the cron) it fans out one job per connected account.
 * FLOOD_WAIT_X brings the job back after X seconds; an ended session is shown on the
 * Settings card (by withTelegram) and not retried.
 */
export const syncTelegramJob = perUserJob('sync_telegram', connectedUserIdsAfter('telegram'), (deps, userId) =>
  channelWork(async () => {
    const outcome = await syncTelegram(deps, userId);
    if (outcome.more) await deps.jobs.send({ type: 'sync_telegram', user_id: userId });
  }),
);

/** The per-contact part, run by the sync_contact job (a contact page visit). */
export async function syncTelegramContact(deps: Deps, userId: string, contactId: string): Promise<void> {
  await channelWork(() => syncTelegram(deps, userId, contactId));
}
