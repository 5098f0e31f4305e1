import type { XTokens } from '../../providers/x/x-oauth';
import { XGrantRevokedError, refreshXToken } from '../../providers/x/x-oauth';
import { channelConnection, markChannelError, replaceChannelCredentials } from '../channels/connections';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { decryptSecret, encryptSecret } from '../secrets/stored-secret';
import { xOAuthConfig } from './x-config';

/** What channel_connections.credentials_encrypted holds for X (JSON, then AES-GCM). */
export interface XCredentials {
  access_token: string;
  refresh_token: string | null;
  expires_at: string;
  /** The connected account: its id tells sent DMs from received ones. */
  user_id: string;
  username: string;
}

export const REVOKED_MESSAGE = 'X no longer accepts Kith’s access. Connect X again in Settings → Integrations.';

export function credentialsFrom(
  tokens: XTokens,
  account: { user_id: string; username: string },
  previousRefresh: string | null = null,
): XCredentials {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? previousRefresh,
    expires_at: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
    ...account,
  };
}

export const sealCredentials = (deps: Deps, c: XCredentials) => encryptSecret(deps.settings.ENCRYPTION_KEY, JSON.stringify(c));

async function readCredentials(deps: Deps, userId: string): Promise<{ sealed: string; credentials: XCredentials }> {
  const row = await channelConnection(deps, userId, 'x');
  if (!row?.credentialsEncrypted || row.status === 'pending')
    throw new AppError('channel_not_connected', 'Connect X in Settings → Integrations first.');
  if (row.status === 'error') throw new AppError('channel_not_connected', row.lastError ?? REVOKED_MESSAGE);
  const credentials = JSON.parse(await decryptSecret(deps.settings.ENCRYPTION_KEY, row.credentialsEncrypted)) as XCredentials;
  return { sealed: row.credentialsEncrypted, credentials };
}

/**
 * Usable credentials: the stored ones, or refreshed ones when the access token is (nearly)
 * expired or `force` (X answered 401). A revoked refresh token puts the card in error.
 */
export async function xCredentials(deps: Deps, userId: string, force = false): Promise<XCredentials> {
  const { sealed, credentials } = await readCredentials(deps, userId);
  if (!force && new Date(credentials.expires_at).getTime() - 60_000 > Date.now()) return credentials;
  if (!credentials.refresh_token) {
    await markChannelError(deps, userId, 'x', REVOKED_MESSAGE);
    throw new AppError('channel_not_connected', REVOKED_MESSAGE);
  }
  let tokens: XTokens;
  try {
    tokens = await refreshXToken(xOAuthConfig(deps), credentials.refresh_token);
  } catch (error) {
    if (!(error instanceof XGrantRevokedError)) throw error;
    // A concurrent refresh may have spent the token first: then its result is good to use.
    const now = await readCredentials(deps, userId);
    if (now.sealed !== sealed) return now.credentials;
    await markChannelError(deps, userId, 'x', REVOKED_MESSAGE);
    throw new AppError('channel_not_connected', REVOKED_MESSAGE);
  }
  const next = credentialsFrom(tokens, { user_id: credentials.user_id, username: credentials.username }, credentials.refresh_token);
  if (!(await replaceChannelCredentials(deps, userId, 'x', sealed, await sealCredentials(deps, next))))
    return (await readCredentials(deps, userId)).credentials;
  return next;
}
