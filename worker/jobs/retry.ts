import type { ServerDeps } from '../domain/deps';
import { AppError, RateLimitedError } from '../domain/errors';
import type { Settings } from '../env';
import { noteJobFailure } from './dead-letter-queue';
import type { JobMessage } from './messages';
import { RetryLater } from './retry-later';

/** `baseSeconds` after the first delivery, doubling with each one after, up to `capSeconds`. */
export const backoffSeconds = (attempts: number, baseSeconds: number, capSeconds = 3600) =>
  Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), capSeconds);

/** A queue retry delay, capped by JOB_RETRY_MAX_DELAY_SECONDS when an operator sets it. */
export function cappedRetryDelay(settings: Settings, delaySeconds: number): number {
  const cap = settings.JOB_RETRY_MAX_DELAY_SECONDS;
  return cap === undefined ? delaySeconds : Math.min(delaySeconds, cap);
}

/**
 * Every failed job comes back through here: after the delay it asked for (RetryLater: a
 * provider's Retry-After, a deferred geocode), else after a minute doubling up to an hour. On
 * its last delivery the failure is recorded first, for Settings → Failed background jobs.
 */
export async function retryFailedJob(deps: ServerDeps, job: JobMessage, message: Message<unknown>, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  await noteJobFailure(deps, job, message, reason);
  if (error instanceof RetryLater) {
    message.retry({ delaySeconds: cappedRetryDelay(deps.settings, error.delaySeconds) });
    return;
  }
  console.error(`Job ${job.type} failed; will retry`, reason);
  message.retry({ delaySeconds: cappedRetryDelay(deps.settings, backoffSeconds(message.attempts, 60)) });
}

/**
 * A channel's work inside a job: the provider's rate limit brings the job back after its
 * Retry-After; a channel that is not connected, or that this server is not configured for,
 * ends the job without a retry (its Settings card already says why).
 */
export async function channelWork(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof RateLimitedError) throw new RetryLater(error.retryAfterSeconds, error.message);
    if (error instanceof AppError && (error.code === 'channel_not_connected' || error.code === 'not_configured')) return;
    throw error;
  }
}
