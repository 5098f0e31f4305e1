import { nowIso } from '../../db/columns';
import { authorizationUrl, CONTACTS_SCOPE, EMAIL_SCOPES, exchangeCode } from '../../providers/google/oauth-client';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { issueOAuthState, spendOAuthState } from '../oauth/oauth-state';
import { providerOfOAuthState } from '../oauth/oauth-state-queries';
import { googleOAuthConfig } from './google-config';
import { googleRedirectUri } from './google-redirect';
import { saveGoogleTokens } from './google-connection-queries';
import { encryptSecret } from '../secrets/stored-secret';

/** What the user is connecting Google for: Contacts sync, or the Email channel (Gmail + Calendar). */
export type GooglePurpose = 'contacts' | 'email';
// The state row's provider says which flow the one redirect URI is finishing.
const PROVIDER_OF: Record<GooglePurpose, string> = { contacts: 'google', email: 'google:email' };
const SCOPES_OF: Record<GooglePurpose, string[]> = { contacts: [CONTACTS_SCOPE], email: EMAIL_SCOPES };

/** Starts "Connect Google": a single-use state and PKCE verifier, and the URL to send the user to. */
export async function startGoogleConnect(deps: Deps, userId: string, purpose: GooglePurpose): Promise<string> {
  const redirectUri = googleRedirectUri(deps);
  const config = googleOAuthConfig(deps);
  const { state, codeChallenge } = await issueOAuthState(deps, userId, PROVIDER_OF[purpose]);
  return authorizationUrl(config, { redirectUri, state, codeChallenge, scopes: SCOPES_OF[purpose] });
}

/**
 * Google's redirect back: the state must be this user's, this flow's, unexpired and unused;
 * the code is exchanged with the PKCE verifier and the tokens are stored encrypted. Answers
 * the scopes the user granted (they may untick some on the consent screen).
 */
export async function finishGoogleConnect(
  deps: Deps,
  userId: string,
  purpose: GooglePurpose,
  p: { state: string; code: string },
): Promise<{ scope: string }> {
  const redirectUri = googleRedirectUri(deps);
  const config = googleOAuthConfig(deps);
  const codeVerifier = await spendOAuthState(deps, userId, p.state, PROVIDER_OF[purpose]);
  if (!codeVerifier) throw new AppError('forbidden', 'This Google sign-in link is expired or not yours. Start again from Settings.');
  const tokens = await exchangeCode(config, { code: p.code, codeVerifier, redirectUri });
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
  return { scope: values.scope };
}

/**
 * Which flow Google's one redirect URI is finishing, without spending the state: an unknown
 * or missing state is taken for Contacts, whose Import page then says the link is not valid.
 */
export async function googlePurposeOfState(deps: Deps, userId: string, state: string | null): Promise<GooglePurpose> {
  if (!state) return 'contacts';
  return (await providerOfOAuthState(deps, userId, state)) === PROVIDER_OF.email ? 'email' : 'contacts';
}
