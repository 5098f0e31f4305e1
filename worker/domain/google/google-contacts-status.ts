import { CONTACTS_SCOPE } from '../../providers/google/oauth-client';
import type { Deps } from '../deps';
import { googleConfigured } from './google-config';
import { contactsSyncGrant } from './google-connection-queries';

/** Whether the user can sync Google Contacts, and when they last did (the Import and Settings pages). */
export interface GoogleContactsStatus {
  configured: boolean;
  connected: boolean;
  last_synced_at: string | null;
}

export async function googleContactsStatus(deps: Deps, userId: string): Promise<GoogleContactsStatus> {
  const configured = googleConfigured(deps.settings);
  const row = await contactsSyncGrant(deps.db, userId);
  // Connecting Gmail alone shares the Google account but grants no Contacts access.
  const contactsGranted = row ? row.scope === '' || row.scope.split(' ').includes(CONTACTS_SCOPE) : false;
  return { configured, connected: contactsGranted, last_synced_at: row?.lastSyncedAt ?? null };
}
