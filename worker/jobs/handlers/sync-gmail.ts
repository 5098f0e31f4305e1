import { connectedUserIdsAfter } from '../../domain/channels/connections';
import { depsForUser, type ServerDeps } from '../../domain/deps';
import { syncGmail } from '../../domain/gmail/sync-gmail';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';
import { channelWork } from '../retry';

/**
 * The Email channel's sync (Gmail + Calendar). Without user_id (the cron) it fans out one
 * job per connected account. Google rate limiting brings the job back after Retry-After;
 * revoked access is shown on the Settings card (by withGoogleApi) and not retried.
 */
export async function syncGmailJob(server: ServerDeps, job: Extract<JobMessage, { type: 'sync_gmail' }>): Promise<void> {
  if (!job.user_id) {
    await fanOutStep(server, job.type, job, connectedUserIdsAfter('gmail'));
    return;
  }
  const deps = await depsForUser(server, job.user_id);
  await channelWork(async () => {
    const outcome = await syncGmail(deps, job.user_id!);
    if (outcome.more) await deps.jobs.send({ type: 'sync_gmail', user_id: job.user_id });
  });
}
