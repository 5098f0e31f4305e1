import { eq } from 'drizzle-orm';
import { googleConnections } from '../../worker/db/schema-imports';
import type { Deps } from '../../worker/domain/deps';
import type { GoogleStatus } from './components/google-contacts-card';

export async function loadGoogleStatus(deps: Deps, userId: string): Promise<GoogleStatus> {
  const configured = Boolean(deps.settings.GOOGLE_CLIENT_ID && deps.settings.GOOGLE_CLIENT_SECRET);
  const row = await deps.db.select({ lastSyncedAt: googleConnections.lastSyncedAt }).from(googleConnections).where(eq(googleConnections.userId, userId)).get();
  return { configured, connected: Boolean(row), last_synced_at: row?.lastSyncedAt ?? null };
}
