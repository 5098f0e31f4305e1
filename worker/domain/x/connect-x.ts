import { getXMe } from '../../providers/x/x-client';
import { exchangeXCode, XGrantRevokedError, xAuthorizationUrl } from '../../providers/x/x-oauth';
import { saveChannelConnection } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { grantOf, type OAuthCallback } from '../oauth/oauth-callback';
import { issueOAuthState, spendOAuthState } from '../oauth/oauth-state';
import { callProvider } from '../provider-failure';
import { credentialsFrom, sealCredentials } from './x-credentials';
import { xOAuthConfig } from './x-config';
import { xRedirectUri } from './x-redirect';

const PROVIDER = 'x';

/** "Connect X": a single-use state and PKCE verifier kept server-side, and X's consent URL. */
export async function startXConnect(deps: Deps, userId: string): Promise<string> {
  const redirectUri = xRedirectUri(deps);
  const config = xOAuthConfig(deps);
  const { state, codeChallenge } = await issueOAuthState(deps, userId, PROVIDER);
  return xAuthorizationUrl(config, { redirectUri, state, codeChallenge });
}

/**
 * X's redirect back: the state must be this user's, unexpired and unused; the code is
 * exchanged with the PKCE verifier, the account is read (@username becomes the card's
 * label), the tokens are stored encrypted and the first sync is queued.
 */
export async function finishXConnect(deps: Deps, userId: string, callback: OAuthCallback): Promise<void> {
  const { code, state } = grantOf(callback, 'X');
  const redirectUri = xRedirectUri(deps);
  const config = xOAuthConfig(deps);
  const codeVerifier = await spendOAuthState(deps, userId, state, PROVIDER);
  if (!codeVerifier) throw new AppError('forbidden', 'This X sign-in link is expired or not yours. Start again from Settings.');
  const tokens = await exchangeXCode(config, { code, codeVerifier, redirectUri }).catch((error) => {
    if (error instanceof XGrantRevokedError) throw new AppError('forbidden', 'X did not accept this sign-in. Start again from Settings.');
    throw error;
  });
  const me = await callProvider('X', () =>
    getXMe({ apiUrl: config.apiUrl, accessToken: tokens.access_token, fetch: config.fetch, timeoutMs: config.timeoutMs }),
  );
  const credentials = credentialsFrom(tokens, { user_id: me.id, username: me.username });
  await saveChannelConnection(deps, userId, 'x', {
    status: 'connected',
    accountLabel: `@${me.username}`,
    credentialsEncrypted: await sealCredentials(deps, credentials),
    syncCursor: null,
  });
  await deps.jobs.send({ type: 'sync_x', user_id: userId });
}
