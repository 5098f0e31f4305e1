import { nowIso } from '../../db/columns';
import { refreshAccessToken } from '../../providers/google/oauth-client';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { googleOAuthConfig } from './google-config';
import { findGoogleConnection, saveRefreshedTokens } from './google-connection-queries';
import { decryptSecret, encryptSecret } from '../secrets/stored-secret';

/** A usable access token: the stored one, or a refreshed one when it is (nearly) expired or `force`. */
export async function googleAccessToken(deps: Deps, userId: string, force = false): Promise<string> {
  const row = await findGoogleConnection(deps.db, userId);
  if (!row) throw new AppError('channel_not_connected', 'Connect your Google account in Settings first');
  const key = deps.settings.ENCRYPTION_KEY;
  if (!force && new Date(row.expiresAt).getTime() - 60_000 > Date.now()) return decryptSecret(key, row.accessTokenEnc);
  if (!row.refreshTokenEnc) throw new AppError('channel_not_connected', 'Google access expired; connect Google again in Settings');
  const tokens = await refreshAccessToken(googleOAuthConfig(deps), await decryptSecret(key, row.refreshTokenEnc));
  await saveRefreshedTokens(deps.db, userId, {
    accessTokenEnc: await encryptSecret(key, tokens.access_token),
    // Google may rotate the refresh token; keep the new one when it does.
    ...(tokens.refresh_token ? { refreshTokenEnc: await encryptSecret(key, tokens.refresh_token) } : {}),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
    updatedAt: nowIso(),
  });
  return tokens.access_token;
}
