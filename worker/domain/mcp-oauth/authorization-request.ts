import type { Db } from '../../db/client';
import { withCarried, type Scope } from '../auth/scopes';
import { findOAuthClient } from './oauth-queries';
import { OAUTH_SCOPES, type OAuthUrls } from './oauth-urls';

// The authorization request (OAuth 2.1 §4.1.1) as the consent page reads it. Until the client
// and its redirect URI are known to match, nothing is sent back to the URI: the user sees why
// on Kith's page (§4.1.2.1). After that, errors go back to the client, with its state.

export interface AuthorizationRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  /** What the client asked for, with what it carries (`contacts:write` brings `contacts:read`). */
  scopes: Scope[];
}

export type ReadAuthorization =
  | { ok: true; request: AuthorizationRequest }
  /** Shown on Kith's page: the client or its redirect URI is unknown. */
  | { ok: false; problem: string }
  /** Sent back to the client's redirect URI. */
  | { ok: false; redirect: string };

const STATE_MAX = 1000;
// RFC 7636 §4.2: BASE64URL(SHA-256(verifier)) is 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The redirect back to the client: `params` and the issuer (RFC 9207), with the client's state. */
export function backToClient(redirectUri: string, state: string | null, urls: OAuthUrls, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('iss', urls.issuer);
  return url.toString();
}

export async function readAuthorizationRequest(db: Db, params: URLSearchParams, urls: OAuthUrls): Promise<ReadAuthorization> {
  const clientId = params.get('client_id');
  if (!clientId) return { ok: false, problem: 'The app did not say who it is (no client_id).' };
  const client = clientId.length <= 64 ? await findOAuthClient(db, clientId) : undefined;
  if (!client) return { ok: false, problem: 'Kith does not know this app (its client_id is not registered). Ask it to connect again.' };
  const registered = JSON.parse(client.redirectUris) as string[];
  const asked = params.get('redirect_uri');
  // Exact match only (OAuth 2.1 §2.3.1); left out only when the client registered a single one.
  const redirectUri = asked ?? (registered.length === 1 ? registered[0]! : null);
  if (!redirectUri || !registered.includes(redirectUri))
    return { ok: false, problem: `“${client.name}” asked to be sent back to an address it did not register, so Kith stopped here.` };

  const state = params.get('state');
  const fail = (error: string, description: string) => ({
    ok: false as const,
    redirect: backToClient(redirectUri, state === null ? null : state.slice(0, STATE_MAX), urls, { error, error_description: description }),
  });
  if (state !== null && state.length > STATE_MAX) return fail('invalid_request', `state is longer than ${STATE_MAX} characters`);
  if (params.get('response_type') !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
  const challenge = params.get('code_challenge');
  if (!challenge || params.get('code_challenge_method') !== 'S256')
    return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
  if (!S256_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge is not a base64url SHA-256 (43 characters)');
  const resource = params.get('resource');
  if (resource !== null && resource.replace(/\/$/, '') !== urls.resource)
    return fail('invalid_target', `Kith issues tokens only for its MCP server, ${urls.resource}`);
  const names = (params.get('scope') ?? '').split(' ').filter(Boolean);
  const unknown = names.find((name) => !(OAUTH_SCOPES as readonly string[]).includes(name));
  if (unknown)
    return fail('invalid_scope', `${unknown.slice(0, 40)} is not a scope an app may ask for (known: ${OAUTH_SCOPES.join(', ')})`);
  const scopes = withCarried(names.length ? (names as Scope[]) : OAUTH_SCOPES);
  return { ok: true, request: { clientId, clientName: client.name, redirectUri, state, codeChallenge: challenge, scopes } };
}
