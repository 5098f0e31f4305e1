import type { Deps } from '../../domain/deps';
import { runGoogleSync } from '../../domain/google/sync-google-contacts';
import type { JobMessage } from '../messages';

export async function syncGoogleContactsJob(deps: Deps, job: Extract<JobMessage, { type: 'sync_google_contacts' }>): Promise<void> {
  await runGoogleSync(deps, job.user_id, job.import_id);
}
