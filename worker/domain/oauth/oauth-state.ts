import { nowIso, randomSecret } from '../../db/columns';
import type { Deps } from '../deps';
import { saveOAuthState, takeOAuthState } from './oauth-state-queries';

const STATE_TTL_MS = 10 * 60 * 1000;

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/**
 * A consent screen's single-use state and PKCE verifier, kept server-side for ten minutes.
 * `provider` names the flow the callback is finishing. Answers the state and the verifier's
 * S256 challenge for the consent URL.
 */
export async function issueOAuthState(deps: Deps, userId: string, provider: string): Promise<{ state: string; codeChallenge: string }> {
  const state = randomSecret(24);
  const codeVerifier = randomSecret(48);
  const now = Date.now();
  await saveOAuthState(deps, {
    state,
    userId,
    provider,
    codeVerifier,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
  });
  return { state, codeChallenge: await s256(codeVerifier) };
}

/**
 * Spends a state on the provider's redirect back: it is deleted whatever follows, so it works
 * once. Answers its PKCE verifier, or null when it is not this user's, not this flow's,
 * expired or spent.
 */
export async function spendOAuthState(deps: Deps, userId: string, state: string, provider: string): Promise<string | null> {
  const row = await takeOAuthState(deps, userId, state, provider);
  return row && row.expiresAt >= nowIso() ? row.codeVerifier : null;
}
