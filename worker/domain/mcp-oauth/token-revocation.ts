import { sha256Hex } from '../../db/columns';
import { recordSecurityEvent } from '../audit/security-events';
import { depsForUser, type ServerDeps } from '../deps';
import { OAuthError } from './oauth-error';
import { deleteGrant, findOAuthClient, grantOfAccessToken, findGrantByRefresh, type GrantRow } from './oauth-queries';

// Token revocation (RFC 7009, ADR 051): a client signing out ends its connection. Either of its
// tokens ends the whole grant, the refresh token and every access token issued under it (§2.1:
// "SHOULD also invalidate all access tokens based on the same authorization grant"), so a
// revoked access token cannot be renewed with the refresh token beside it.

/** The grant `token` belongs to, looking first where the hint says (§2.1: a hint only saves a lookup). */
async function grantOf(server: ServerDeps, token: string, hint: string | null): Promise<GrantRow | undefined> {
  const db = server.directory.db;
  const hash = await sha256Hex(token);
  const lookups = [() => grantOfAccessToken(db, hash), () => findGrantByRefresh(db, hash)];
  if (hint === 'refresh_token') lookups.reverse();
  for (const lookup of lookups) {
    const grant = await lookup();
    if (grant) return grant;
  }
  return undefined;
}

/**
 * Answers a revocation request (its form body). Clients are public (ADR 042), so the client
 * authenticates with its client_id alone. A token that is unknown, already revoked, or issued
 * to another client is answered as revoked (§2.2): the answer never tells a caller whose a token is.
 */
export async function revokeRequest(server: ServerDeps, form: URLSearchParams): Promise<void> {
  const token = form.get('token');
  const clientId = form.get('client_id');
  if (!token) throw new OAuthError('invalid_request', 'token is required');
  if (!clientId) throw new OAuthError('invalid_client', 'client_id is required: Kith’s clients are public and name themselves', 401);
  if (!(await findOAuthClient(server.directory.db, clientId))) throw new OAuthError('invalid_client', 'The client is not registered', 401);
  const grant = await grantOf(server, token, form.get('token_type_hint'));
  if (!grant || grant.clientId !== clientId) return;
  const name = await deleteGrant(server.directory.db, grant.userId, grant.id);
  if (name !== null) await recordSecurityEvent(await depsForUser(server, grant.userId), 'app.revoked', { name });
}
