import { eq } from 'drizzle-orm';
import { googleConnections } from '../../worker/db/schema-imports';
import { CONTACTS_SCOPE } from '../../worker/providers/google/oauth-client';
import type { Deps } from '../../worker/domain/deps';
import { googleConfigured } from '../../worker/domain/google/google-config';
import type { GoogleStatus } from './components/google-contacts-card';

export async function loadGoogleStatus(deps: Deps, userId: string): Promise<GoogleStatus> {
  const configured = googleConfigured(deps.settings);
  const row = await deps.db.select({ lastSyncedAt: googleConnections.lastSyncedAt, scope: googleConnections.scope }).from(googleConnections).where(eq(googleConnections.userId, userId)).get();
  // Connecting Gmail alone shares the Google account but grants no Contacts access.
  const contactsGranted = row ? row.scope === '' || row.scope.split(' ').includes(CONTACTS_SCOPE) : false;
  return { configured, connected: contactsGranted, last_synced_at: row?.lastSyncedAt ?? null };
}
