import type { Deps } from '../../domain/deps';
import { emitImportFinished } from '../../domain/webhooks/emit-domain-events';
import { runMonicaImport } from '../../domain/monica/run-monica-import';
import { stopMonicaImport } from '../../domain/monica/monica-queries';
import { nowIso } from '../../db/columns';
import { ProviderError } from '../../providers/provider-error';
import { LAST_DELIVERY } from '../dead-letter-queue';
import type { JobMessage } from '../messages';
import { backoffSeconds } from '../retry';
import { RetryLater } from '../retry-later';

/**
 * Monica's 429 goes back to the queue after its Retry-After (at least), a 5xx or timeout is
 * retried by the queue with backoff; each resumes at the page not yet written. On the last
 * delivery the import says it stopped instead of showing "running" forever.
 */
export async function runMonicaImportJob(
  deps: Deps,
  job: Extract<JobMessage, { type: 'run_monica_import' }>,
  message: Message<unknown>,
): Promise<void> {
  try {
    await runMonicaImport(deps, job.import_id);
  } catch (error) {
    if (message.attempts >= LAST_DELIVERY) {
      await stopMonicaImport(
        deps.store.d1,
        job.import_id,
        deps.store.userId,
        nowIso(),
        'Monica did not answer properly after several tries; what is listed as imported was saved. Start the import again later: it picks up without duplicates.',
      );
      await emitImportFinished(deps, job.import_id);
    }
    if (error instanceof ProviderError && error.kind === 'rate_limited')
      throw new RetryLater(
        Math.max(error.retryAfterSeconds ?? 0, backoffSeconds(message.attempts, 30)),
        'Monica rate limited the import (429)',
      );
    throw error;
  }
}
