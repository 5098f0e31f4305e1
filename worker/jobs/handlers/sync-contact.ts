import { and, eq } from 'drizzle-orm';
import { nowIso } from '../../db/columns';
import { contacts } from '../../db/schema';
import type { Deps } from '../../domain/deps';
import { syncXContact } from '../../domain/x/sync-x-contact';
import { syncTelegramContact } from './sync-telegram';
import type { JobMessage } from '../messages';

/**
 * Background sync of one contact's X and Telegram direct messages and bios, requested by
 * visiting the contact page (throttled in requestContactSync). Each channel does nothing when
 * it is not connected, and a failing channel never stops the other.
 */
export async function syncContact(deps: Deps, job: Extract<JobMessage, { type: 'sync_contact' }>): Promise<void> {
  await syncXContact(deps, job.user_id, job.contact_id);
  await syncTelegramContact(deps, job.user_id, job.contact_id);
  await deps.db
    .update(contacts)
    .set({ lastSyncedAt: nowIso() })
    .where(and(eq(contacts.userId, job.user_id), eq(contacts.id, job.contact_id)));
}
