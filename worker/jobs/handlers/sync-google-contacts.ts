import type { Deps } from '../../domain/deps';
import { runGoogleSync } from '../../domain/google/sync-google-contacts';
import { markImportFailed } from '../../domain/imports/run-import';
import { ProviderError } from '../../providers/provider-error';
import { LAST_DELIVERY } from '../dead-letter-queue';
import type { JobMessage } from '../messages';
import { backoffSeconds } from '../retry';
import { RetryLater } from '../retry-later';

/**
 * Google's 429 goes back to the queue after its Retry-After; 5xx, timeouts and garbage answers
 * are retried by the queue with backoff, resuming where the last delivery stopped. On the last
 * delivery the import says it stopped, instead of showing "running" forever.
 */
export async function syncGoogleContactsJob(
  deps: Deps,
  job: Extract<JobMessage, { type: 'sync_google_contacts' }>,
  message: Message<unknown>,
): Promise<void> {
  try {
    await runGoogleSync(deps, job.user_id, job.import_id);
  } catch (error) {
    if (message.attempts >= LAST_DELIVERY) {
      await markImportFailed(
        deps,
        job.import_id,
        'Google did not answer properly after several tries; contacts already listed as imported were saved. Try the sync again later.',
      );
    }
    if (error instanceof ProviderError && error.kind === 'rate_limited') {
      // At least what Google asked for, and exponentially more while the storm lasts.
      throw new RetryLater(
        Math.max(error.retryAfterSeconds ?? 0, backoffSeconds(message.attempts, 30)),
        'Google rate limited the sync (429)',
      );
    }
    throw error;
  }
}
