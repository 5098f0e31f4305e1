import { nowIso, randomSecret } from '../../db/columns';
import { authorizationUrl, CONTACTS_SCOPE, EMAIL_SCOPES, exchangeCode } from '../../providers/google/oauth-client';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { googleOAuthConfig } from './google-config';
import { oauthStateProvider, saveGoogleTokens, saveOAuthState, takeOAuthState } from './google-connection-queries';
import { encryptSecret } from './token-crypto';

const STATE_TTL_MS = 10 * 60 * 1000;

/** What the user is connecting Google for: Contacts sync, or the Email channel (Gmail + Calendar). */
export type GooglePurpose = 'contacts' | 'email';
// The state row's provider says which flow the one redirect URI is finishing.
const PROVIDER_OF: Record<GooglePurpose, string> = { contacts: 'google', email: 'google:email' };
const SCOPES_OF: Record<GooglePurpose, string[]> = { contacts: [CONTACTS_SCOPE], email: EMAIL_SCOPES };

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** Starts "Connect Google": a single-use state and PKCE verifier, and the URL to send the user to. */
export async function startGoogleConnect(
  deps: Deps,
  userId: string,
  redirectUri: string,
  purpose: GooglePurpose = 'contacts',
): Promise<string> {
  const config = googleOAuthConfig(deps);
  const state = randomSecret(24);
  const codeVerifier = randomSecret(48);
  const now = Date.now();
  await saveOAuthState(
    deps.db,
    {
      state,
      userId,
      provider: PROVIDER_OF[purpose],
      codeVerifier,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
    },
    new Date(now).toISOString(),
  );
  return authorizationUrl(config, { redirectUri, state, codeChallenge: await s256(codeVerifier), scopes: SCOPES_OF[purpose] });
}

/**
 * Google's redirect back: the state must be this user's, unexpired and unused; the code is
 * exchanged with the PKCE verifier and the tokens are stored encrypted. Answers which flow
 * this was and the scopes the user granted (they may untick some on the consent screen).
 */
export async function finishGoogleConnect(
  deps: Deps,
  userId: string,
  p: { state: string; code: string; redirectUri: string },
): Promise<{ purpose: GooglePurpose; scope: string }> {
  const config = googleOAuthConfig(deps);
  const row = await takeOAuthState(deps.db, userId, p.state, Object.values(PROVIDER_OF));
  if (!row || row.expiresAt < nowIso())
    throw new AppError('forbidden', 'This Google sign-in link is expired or not yours. Start again from Settings.');
  const purpose: GooglePurpose = row.provider === PROVIDER_OF.email ? 'email' : 'contacts';
  const tokens = await exchangeCode(config, { code: p.code, codeVerifier: row.codeVerifier, redirectUri: p.redirectUri });
  const key = deps.settings.ENCRYPTION_KEY;
  const now = nowIso();
  const values = {
    accessTokenEnc: await encryptSecret(key, tokens.access_token),
    refreshTokenEnc: tokens.refresh_token ? await encryptSecret(key, tokens.refresh_token) : null,
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
    scope: tokens.scope ?? '',
    updatedAt: now,
  };
  // A new Contacts consent starts the contacts sync over; an Email consent leaves it be.
  await saveGoogleTokens(deps.db, userId, values, now, purpose === 'contacts');
  return { purpose, scope: values.scope };
}

/** Which flow a state belongs to, without spending it (for a consent the user refused). */
export async function googlePurposeOfState(deps: Deps, userId: string, state: string | null): Promise<GooglePurpose> {
  if (!state) return 'contacts';
  const row = await oauthStateProvider(deps.db, userId, state);
  return row?.provider === PROVIDER_OF.email ? 'email' : 'contacts';
}
