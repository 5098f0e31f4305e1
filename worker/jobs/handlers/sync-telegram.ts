import { connectedUserIdsAfter } from '../../domain/channels/connections';
import { depsForUser, type Deps, type ServerDeps } from '../../domain/deps';
import { syncTelegram } from '../../domain/telegram/sync-telegram';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';
import { channelWork } from '../retry';

/**
 * The Telegram sync. Without user_id (the cron) it fans out one job per connected account.
 * FLOOD_WAIT_X brings the job back after X seconds; an ended session is shown on the
 * Settings card (by withTelegram) and not retried.
 */
export async function syncTelegramJob(server: ServerDeps, job: Extract<JobMessage, { type: 'sync_telegram' }>): Promise<void> {
  if (!job.user_id) {
    await fanOutStep(server, job.type, job, connectedUserIdsAfter('telegram'));
    return;
  }
  const deps = await depsForUser(server, job.user_id);
  await channelWork(async () => {
    const outcome = await syncTelegram(deps, job.user_id!);
    if (outcome.more) await deps.jobs.send({ type: 'sync_telegram', user_id: job.user_id });
  });
}

/** The per-contact part, run by the sync_contact job (a contact page visit). */
export async function syncTelegramContact(deps: Deps, userId: string, contactId: string): Promise<void> {
  await channelWork(() => syncTelegram(deps, userId, contactId));
}
