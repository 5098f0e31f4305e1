import { and, eq } from 'drizzle-orm';
import { nowIso } from '../../db/columns';
import { contacts } from '../../db/schema';
import type { Deps } from '../../domain/deps';
import { syncTelegramContact } from './sync-telegram';
import type { JobMessage } from '../messages';

/**
 * Background sync of one contact's Telegram and X direct messages, requested by visiting the
 * contact page (throttled in requestContactSync). The Telegram and X integrations plug in
 * here; until then it only records that the contact was synced.
 */
export async function syncContact(deps: Deps, job: Extract<JobMessage, { type: 'sync_contact' }>): Promise<void> {
  await syncTelegramContact(deps, job.user_id, job.contact_id);
  await deps.db
    .update(contacts)
    .set({ lastSyncedAt: nowIso() })
    .where(and(eq(contacts.userId, job.user_id), eq(contacts.id, job.contact_id)));
}
