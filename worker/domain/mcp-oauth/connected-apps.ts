import { recordSecurityEvent } from '../audit/security-events';
import { parseStoredScopes, type Scope } from '../auth/scopes';
import { shownLimits } from '../auth/token-limits';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { deleteGrant, grantsOf } from './oauth-queries';

// Settings → Connected apps: the clients a user allowed on the consent page (ADR 042), what
// each may do, when it last called, and Disconnect, which ends its tokens at once.

/** A user connects a handful; the list is capped where a script run wild would be. */
export const MAX_CONNECTED_APPS = 100;

export interface ConnectedApp {
  id: string;
  name: string;
  /** Where the consent page sent the user back ("claude.ai", "localhost:33418"). */
  redirect_host: string;
  scopes: Scope[];
  contact_tags: string[] | null;
  hide_private: boolean;
  /** The MCP tools it may call; null: every tool its scopes allow but the opt-in ones (send_message). */
  tools: string[] | null;
  connected_at: string;
  last_used_at: string | null;
}

const hostOf = (uri: string) => {
  try {
    const url = new URL(uri);
    return url.host || url.protocol;
  } catch {
    return uri.slice(0, 60);
  }
};

export async function listConnectedApps(deps: Pick<Deps, 'directory' | 'store'>): Promise<ConnectedApp[]> {
  const rows = await grantsOf(deps.directory.db, deps.store.userId, MAX_CONNECTED_APPS);
  return rows.map((row) => {
    const { contact_tags, hide_private, tools } = shownLimits(row);
    return {
      id: row.id,
      name: row.clientName,
      redirect_host: hostOf(row.redirectUri),
      scopes: parseStoredScopes(row.scopes),
      contact_tags,
      hide_private,
      tools,
      connected_at: row.createdAt,
      last_used_at: row.lastUsedAt,
    };
  });
}

/** Ends the connection: its refresh token and every access token stop working now. */
export async function disconnectApp(deps: Deps, id: string): Promise<void> {
  const name = await deleteGrant(deps.directory.db, deps.store.userId, id);
  if (name === null) throw notFound('Connected app');
  await recordSecurityEvent(deps, 'app.disconnected', { name });
}
