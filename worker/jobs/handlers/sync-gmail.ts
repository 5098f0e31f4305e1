import { connectedUserIdsAfter } from '../../domain/channels/connections';
import { syncGmail } from '../../domain/gmail/sync-gmail';
import { perUserJob } from '../fan-out';
import { channelWork } from '../retry';

/**
 * The Email channel's sync (Gmail + Calendar). Without user_id (the cron) it fans out one
 * job per connected account. Google rate limiting brings the job back after Retry-After;
 * revoked access is shown on the Settings card (by withGoogleApi) and not retried.
 */
export const syncGmailJob = perUserJob('sync_gmail', connectedUserIdsAfter('gmail'), (deps, userId) =>
  channelWork(async () => {
    const outcome = await syncGmail(deps, userId);
    if (outcome.more) await deps.jobs.send({ type: 'sync_gmail', user_id: userId });
  }),
);
