import { EMAIL_SCOPES } from '../../providers/google/oauth-client';
import { getGmailProfile } from '../../providers/google/gmail-client';
import { markChannelError, saveChannelConnection } from '../channels/connections';
import type { Deps } from '../deps';
import { finishGoogleConnect, startGoogleConnect } from '../google/connect-google';
import { grantOf, type OAuthCallback } from '../oauth/oauth-callback';
import { withGoogleApi } from './google-api-session';

/** "Connect email": Google's consent screen for Gmail and Calendar, asked for on top of what was granted before. */
export const startEmailConnect = (deps: Deps, userId: string): Promise<string> => startGoogleConnect(deps, userId, 'email');

/** Google's redirect back from the Email channel's consent: the shared Google tokens are stored, then the channel. */
export async function finishEmailConnect(deps: Deps, userId: string, callback: OAuthCallback): Promise<void> {
  const { scope } = await finishGoogleConnect(deps, userId, 'email', grantOf(callback, 'Google'));
  await saveEmailChannel(deps, userId, scope);
}

/**
 * The Email channel after Google's consent: the Gmail address becomes the card's label, the
 * connection is saved (its tokens are the shared Google ones) and the first sync is queued.
 * Scopes the user unticked leave the card in error, saying what to allow.
 */
async function saveEmailChannel(deps: Deps, userId: string, grantedScope: string): Promise<void> {
  const granted = new Set(grantedScope.split(/\s+/));
  await saveChannelConnection(deps, userId, 'gmail', { status: 'connected', syncCursor: null });
  if (!EMAIL_SCOPES.every((s) => granted.has(s))) {
    await markChannelError(
      deps,
      userId,
      'gmail',
      'Google did not grant access to send and read Gmail and to read Calendar. Connect again and allow all three.',
    );
    return;
  }
  const profile = await withGoogleApi(deps, userId, deps.settings.GMAIL_API_URL, (api) => getGmailProfile(api));
  await saveChannelConnection(deps, userId, 'gmail', { status: 'connected', accountLabel: profile.emailAddress, syncCursor: null });
  await deps.jobs.send({ type: 'sync_gmail', user_id: userId });
}
