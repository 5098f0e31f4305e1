import type { Deps } from '../../domain/deps';
import type { JobMessage } from '../messages';

export async function syncGoogleContactsJob(_deps: Deps, _job: Extract<JobMessage, { type: 'sync_google_contacts' }>): Promise<void> {}
