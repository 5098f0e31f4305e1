import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { CHANNELS, channelConnections, type Channel, type ChannelStatus } from '../../db/schema-channels';
import type { Deps } from '../deps';

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
  const rows = await deps.db.select().from(channelConnections).where(eq(channelConnections.userId, userId));
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
  return deps.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.userId, userId), eq(channelConnections.channel, channel)))
    .get();
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
  await deps.db
    .insert(channelConnections)
    .values({ id: newId(), userId, channel, ...set, createdAt: now })
    .onConflictDoUpdate({ target: [channelConnections.userId, channelConnections.channel], set });
}

/** A finished sync: the new cursor and time, and the connection healthy again. */
export async function recordChannelSync(deps: Deps, userId: string, channel: Channel, syncCursor: string | null): Promise<void> {
  const now = nowIso();
  await deps.db
    .update(channelConnections)
    .set({ syncCursor, lastSyncedAt: now, status: 'connected', lastError: null, updatedAt: now })
    .where(and(eq(channelConnections.userId, userId), eq(channelConnections.channel, channel)));
}

/** The channel needs the user (revoked access, missing permission): shown on its card. */
export async function markChannelError(deps: Deps, userId: string, channel: Channel, message: string): Promise<void> {
  await deps.db
    .update(channelConnections)
    .set({ status: 'error', lastError: message.slice(0, 500), updatedAt: nowIso() })
    .where(and(eq(channelConnections.userId, userId), eq(channelConnections.channel, channel)));
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
  const done = await deps.db
    .update(channelConnections)
    .set({ credentialsEncrypted: next, updatedAt: nowIso() })
    .where(
      and(
        eq(channelConnections.userId, userId),
        eq(channelConnections.channel, channel),
        eq(channelConnections.credentialsEncrypted, previous),
      ),
    )
    .returning({ id: channelConnections.id });
  return done.length > 0;
}

/** Disconnect: the row and its credentials are deleted. Answers whether there was one. */
export async function disconnectChannel(deps: Deps, userId: string, channel: Channel): Promise<boolean> {
  const gone = await deps.db
    .delete(channelConnections)
    .where(and(eq(channelConnections.userId, userId), eq(channelConnections.channel, channel)))
    .returning({ id: channelConnections.id });
  return gone.length > 0;
}

/** The users with `channel` connected, a page at a time (for the quarter-hour sync's fan-out). */
export const connectedUserIdsAfter =
  (channel: Channel) =>
  async (db: Db, after: string, limit: number): Promise<string[]> => {
    const rows = await db
      .select({ userId: channelConnections.userId })
      .from(channelConnections)
      .where(and(eq(channelConnections.channel, channel), eq(channelConnections.status, 'connected'), gt(channelConnections.userId, after)))
      .orderBy(asc(channelConnections.userId))
      .limit(limit);
    return rows.map((r) => r.userId);
  };
