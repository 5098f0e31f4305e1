import { connectedUserIdsAfter } from '../../domain/channels/connections';
import { depsForUser, type ServerDeps } from '../../domain/deps';
import { syncX } from '../../domain/x/sync-x';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';
import { channelWork } from '../retry';

/**
 * The X channel's DM sync. Without user_id (the cron) it fans out one job per connected
 * account. X's 429 brings the job back after its reset time; revoked access is shown on the
 * Settings card (by withXApi) and not retried.
 */
export async function syncXJob(server: ServerDeps, job: Extract<JobMessage, { type: 'sync_x' }>): Promise<void> {
  if (!job.user_id) {
    await fanOutStep(server, job.type, job, connectedUserIdsAfter('x'));
    return;
  }
  const deps = await depsForUser(server, job.user_id);
  await channelWork(() => syncX(deps, job.user_id!));
}
