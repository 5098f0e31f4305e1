import { randomSecret, sha256Hex } from '../../db/columns';
import { recordSecurityEvent } from '../audit/security-events';
import { SESSION_CALLER, storedScopes, type Scope } from '../auth/scopes';
import { storedLimits, tokenLimitsOf } from '../auth/token-limits';
import type { Deps } from '../deps';
import { backToClient, type AuthorizationRequest } from './authorization-request';
import { insertCode } from './oauth-queries';
import { CODE_SECONDS, type OAuthUrls } from './oauth-urls';

// The user's answer on the consent page: Allow gives the client a one-minute, single-use code
// for what the user chose (never more than the client asked); Deny sends it access_denied.

export interface ConsentChoices {
  /** Grant only reading, though the client asked to write. */
  readOnly: boolean;
  /** Only contacts with one of these tags; null: every contact. */
  contactTags: string[] | null;
  hidePrivate: boolean;
  /** The tools it may call; null: every tool but the opt-in ones (ADR 051). */
  tools: string[] | null;
}

/** What the grant will hold: the asked scopes, without writing when the user said read only. */
export function grantedScopes(request: AuthorizationRequest, readOnly: boolean): Scope[] {
  return readOnly ? request.scopes.filter((scope) => scope !== 'contacts:write') : request.scopes;
}

/**
 * The consent form's CSRF token: bound to the session (whose cookie no other site can read) and
 * to this client and redirect URI, so a form built elsewhere, or for another app, is refused.
 */
export const consentToken = (sessionToken: string, request: Pick<AuthorizationRequest, 'clientId' | 'redirectUri'>) =>
  sha256Hex(`oauth-consent\n${sessionToken}\n${request.clientId}\n${request.redirectUri}`);

export async function approveAuthorization(deps: Deps, request: AuthorizationRequest, choices: ConsentChoices, urls: OAuthUrls) {
  const limits = storedLimits(
    tokenLimitsOf({ contact_tags: choices.contactTags, hide_private: choices.hidePrivate, tools: choices.tools }, SESSION_CALLER),
  );
  const scopes = grantedScopes(request, choices.readOnly);
  const code = randomSecret(32);
  const now = Date.now();
  await insertCode(
    deps.directory.db,
    {
      codeHash: await sha256Hex(code),
      userId: deps.store.userId,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: storedScopes(scopes),
      ...limits,
      expiresAt: new Date(now + CODE_SECONDS * 1000).toISOString(),
      usedAt: null,
      grantId: null,
    },
    new Date(now - 3600_000).toISOString(),
  );
  await recordSecurityEvent(deps, 'app.connected', { name: request.clientName, scopes });
  return backToClient(request.redirectUri, request.state, urls, { code });
}

export const denyAuthorization = (request: AuthorizationRequest, urls: OAuthUrls) =>
  backToClient(request.redirectUri, request.state, urls, { error: 'access_denied', error_description: 'The user did not allow it' });
