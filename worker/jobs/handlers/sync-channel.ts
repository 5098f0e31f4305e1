import { connectedUserIdsAfter } from '../../domain/channels/connections';
import type { SyncedDriver } from '../../domain/channels/drivers';
import { perUserJob } from '../fan-out';
import { channelWork } from '../retry';

/**
 * The sync job of a channel Kith syncs. Without user_id (the quarter-hour cron) it fans out
 * one job per connected account; with one it runs the channel's sync, and again at once
 * while the run says there is more. Errors follow the channel rule (channelWork).
 */
export function channelSyncJob({ channel, sync }: SyncedDriver) {
  return perUserJob(sync.job, connectedUserIdsAfter(channel), (deps, userId) =>
    channelWork(async () => {
      const outcome = await sync.run(deps, userId);
      if (outcome.more) await deps.jobs.send({ type: sync.job, user_id: userId });
    }),
  );
}
