import { eventually } from './eventually';
import { userD1 } from './stores';

type Connection = { status: string; last_synced_at: string | null } | null;

/** Connecting a channel queues its first sync; tests that count what a run logs wait for it first. */
export async function firstSyncSettled(userId: string, channel: 'gmail' | 'x' | 'telegram'): Promise<void> {
  const read = async () =>
    (await userD1(userId))
      .prepare('SELECT status, last_synced_at FROM channel_connections WHERE user_id = ? AND channel = ?')
      .bind(userId, channel)
      .first<NonNullable<Connection>>();
  await eventually(read, (row) => !row || row.status === 'error' || row.last_synced_at !== null, `the first ${channel} sync settled`);
}
