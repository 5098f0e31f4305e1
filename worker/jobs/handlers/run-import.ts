import type { Deps } from '../../domain/deps';
import { markImportFailed, runImport } from '../../domain/imports/run-import';
import type { JobMessage } from '../messages';

// wrangler.toml [[queues.consumers]] max_retries: the last delivery before the dead-letter queue.
const LAST_ATTEMPT = 6;

export async function runImportJob(deps: Deps, job: Extract<JobMessage, { type: 'run_import' }>, message: Message<unknown>): Promise<void> {
  try {
    await runImport(deps, job.user_id, job.import_id);
  } catch (error) {
    // Rows already imported stay; the page stops waiting and says the import stopped.
    if (message.attempts >= LAST_ATTEMPT)
      await markImportFailed(
        deps,
        job.import_id,
        'The import stopped on an unexpected error; rows not listed as imported were not saved. Try the file again.',
      );
    throw error;
  }
}
