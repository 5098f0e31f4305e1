import type { Deps } from '../deps';
import { grantOf, type OAuthCallback } from '../oauth/oauth-callback';
import { finishGoogleConnect, startGoogleConnect } from './connect-google';
import { startGoogleSync } from './sync-google-contacts';

/** "Connect Google" on the Import page: Google's consent screen for reading the user's contacts. */
export const startGoogleContactsConnect = (deps: Deps, userId: string): Promise<string> => startGoogleConnect(deps, userId, 'contacts');

/** Google's redirect back from the Contacts consent: the tokens are stored and the first contacts sync starts. */
export async function finishGoogleContactsConnect(deps: Deps, userId: string, callback: OAuthCallback): Promise<{ import_id: string }> {
  await finishGoogleConnect(deps, userId, 'contacts', grantOf(callback, 'Google'));
  return startGoogleSync(deps, userId);
}
