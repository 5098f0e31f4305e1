import type { Deps } from '../../domain/deps';
import { runImport } from '../../domain/imports/run-import';
import type { JobMessage } from '../messages';

export async function runImportJob(deps: Deps, job: Extract<JobMessage, { type: 'run_import' }>): Promise<void> {
  await runImport(deps, job.user_id, job.import_id);
}
