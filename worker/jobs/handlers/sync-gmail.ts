import { connectedUserIdsAfter } from '../../domain/channels/connections';
import { depsForUser, type ServerDeps } from '../../domain/deps';
import { AppError, RateLimitedError } from '../../domain/errors';
import { syncGmail } from '../../domain/gmail/sync-gmail';
import { fanOutStep } from '../fan-out';
import type { JobMessage } from '../messages';
import { RetryLater } from '../retry-later';

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
  try {
    const outcome = await syncGmail(deps, job.user_id);
    if (outcome.more) await deps.jobs.send({ type: 'sync_gmail', user_id: job.user_id });
  } catch (error) {
    if (error instanceof RateLimitedError) throw new RetryLater(error.retryAfterSeconds, error.message);
    if (error instanceof AppError && (error.code === 'channel_not_connected' || error.code === 'not_configured')) return;
    throw error;
  }
}
