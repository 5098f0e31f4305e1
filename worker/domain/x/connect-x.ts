import { nowIso, randomSecret } from '../../db/columns';
import { getXMe } from '../../providers/x/x-client';
import { exchangeXCode, XGrantRevokedError, xAuthorizationUrl } from '../../providers/x/x-oauth';
import { saveChannelConnection } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { callProvider } from '../provider-failure';
import { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from './x-connect-queries';
import { credentialsFrom, sealCredentials } from './x-credentials';
import { xOAuthConfig } from './x-config';

const STATE_TTL_MS = 10 * 60 * 1000;
const PROVIDER = 'x';

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** "Connect X": a single-use state and PKCE verifier kept server-side, and X's consent URL. */
export async function startXConnect(deps: Deps, userId: string, redirectUri: string): Promise<string> {
  const config = xOAuthConfig(deps);
  const state = randomSecret(24);
  const codeVerifier = randomSecret(48);
  const now = Date.now();
  await deps.db.batch([
    deleteExpiredOAuthStates(deps.db, new Date(now).toISOString()),
    insertOAuthState(deps.db, {
      state,
      userId,
      provider: PROVIDER,
      codeVerifier,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
    }),
  ]);
  return xAuthorizationUrl(config, { redirectUri, state, codeChallenge: await s256(codeVerifier) });
}

/**
 * X's redirect back: the state must be this user's, unexpired and unused; the code is
 * exchanged with the PKCE verifier, the account is read (@username becomes the card's
 * label), the tokens are stored encrypted and the first sync is queued.
 */
export async function finishXConnect(deps: Deps, userId: string, p: { state: string; code: string; redirectUri: string }): Promise<void> {
  const config = xOAuthConfig(deps);
  const row = await takeOAuthState(deps.db, userId, PROVIDER, p.state);
  if (!row || row.expiresAt < nowIso())
    throw new AppError('forbidden', 'This X sign-in link is expired or not yours. Start again from Settings.');
  const tokens = await exchangeXCode(config, { code: p.code, codeVerifier: row.codeVerifier, redirectUri: p.redirectUri }).catch(
    (error) => {
      if (error instanceof XGrantRevokedError) throw new AppError('forbidden', 'X did not accept this sign-in. Start again from Settings.');
      throw error;
    },
  );
  const me = await callProvider('X', () => getXMe({ apiUrl: config.apiUrl, accessToken: tokens.access_token, fetch: config.fetch }));
  const credentials = credentialsFrom(tokens, { user_id: me.id, username: me.username });
  await saveChannelConnection(deps, userId, 'x', {
    status: 'connected',
    accountLabel: `@${me.username}`,
    credentialsEncrypted: await sealCredentials(deps, credentials),
    syncCursor: null,
  });
  await deps.jobs.send({ type: 'sync_x', user_id: userId });
}
