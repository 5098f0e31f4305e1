import type { Db } from '../../db/client';
import { nowIso } from '../../db/columns';
import { CHANNELS, type Channel, type ChannelStatus } from '../../db/schema';
import type { Deps } from '../deps';
import {
  connectedUsersAfter,
  connectionOf,
  connectionsOfUser,
  deleteConnection,
  markConnectionFailing,
  markConnectionSynced,
  swapConnectionCredentials,
  upsertConnection,
} from './channel-connection-queries';

/** A channel connection as Settings and the API show it: never any credential. */
export interface ChannelConnectionView {
  channel: Channel;
  status: ChannelStatus | 'not_connected';
  account_label: string | null;
  last_synced_at: string | null;
  last_error: string | null;
  connected_at: string | null;
}

/** Every channel, connected or not, in the order the Integrations section lists them. */
export async function listChannelConnections(deps: Deps, userId: string): Promise<ChannelConnectionView[]> {
  return connectionViewsOf(await connectionsOfUser(deps.db, userId));
}

/** Every channel's view from the user's connection rows (connectionsOfUser). */
export function connectionViewsOf(rows: Awaited<ReturnType<typeof connectionsOfUser>>): ChannelConnectionView[] {
  return CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return {
      channel,
      status: row?.status ?? 'not_connected',
      account_label: row?.accountLabel ?? null,
      last_synced_at: row?.lastSyncedAt ?? null,
      last_error: row?.lastError ?? null,
      connected_at: row?.createdAt ?? null,
    };
  });
}

export async function channelConnection(deps: Deps, userId: string, channel: Channel) {
  return connectionOf(deps.db, userId, channel);
}

/** Creates or replaces the user's connection of `channel` (reconnecting clears the last error). */
export async function saveChannelConnection(
  deps: Deps,
  userId: string,
  channel: Channel,
  values: { status: ChannelStatus; accountLabel?: string | null; credentialsEncrypted?: string | null; syncCursor?: string | null },
): Promise<void> {
  const now = nowIso();
  const set = {
    status: values.status,
    accountLabel: values.accountLabel ?? null,
    credentialsEncrypted: values.credentialsEncrypted ?? null,
    ...(values.syncCursor !== undefined ? { syncCursor: values.syncCursor } : {}),
    lastError: null,
    updatedAt: now,
  };
  await upsertConnection(deps.db, userId, channel, set, now);
}

/** A finished sync: the new cursor and time, and the connection healthy again. */
export async function recordChannelSync(deps: Deps, userId: string, channel: Channel, syncCursor: string | null): Promise<void> {
  await markConnectionSynced(deps.db, userId, channel, syncCursor, nowIso());
}

/** The channel needs the user (revoked access, missing permission): shown on its card. */
export async function markChannelError(deps: Deps, userId: string, channel: Channel, message: string): Promise<void> {
  await markConnectionFailing(deps.db, userId, channel, message.slice(0, 500), nowIso());
}

/**
 * Swaps the stored credentials for refreshed ones, only if they are still `previous`: of two
 * refreshes racing, one wins and the other reads the winner's (a rotated refresh token
 * works once). Answers whether this one won.
 */
export async function replaceChannelCredentials(
  deps: Deps,
  userId: string,
  channel: Channel,
  previous: string,
  next: string,
): Promise<boolean> {
  const done = await swapConnectionCredentials(deps.db, userId, channel, previous, next, nowIso());
  return done.length > 0;
}

/** Disconnect: the row and its credentials are deleted. Answers whether there was one. */
export async function disconnectChannel(deps: Deps, userId: string, channel: Channel): Promise<boolean> {
  const gone = await deleteConnection(deps.db, userId, channel);
  return gone.length > 0;
}

/** The users with `channel` connected, a page at a time (for the quarter-hour sync's fan-out). */
export const connectedUserIdsAfter =
  (channel: Channel) =>
  async (db: Db, after: string, limit: number): Promise<string[]> => {
    const rows = await connectedUsersAfter(db, channel, after, limit);
    return rows.map((r) => r.userId);
  };
