import { nowIso } from '../../db/columns';
import { syncedDrivers } from '../../domain/channels/drivers';
import type { Deps } from '../../domain/deps';
import { markContactSynced } from '../../domain/sync/contact-sync-queries';
import type { JobMessage } from '../messages';
import { channelWork } from '../retry';

/**
 * Background sync of one contact's direct messages and bios on every channel that syncs one
 * contact (X, Telegram), requested by visiting the contact page (throttled in
 * requestContactSync). Each channel does nothing when it is not connected, and a failing
 * channel never stops the ones before it.
 */
export async function syncContact(deps: Deps, job: Extract<JobMessage, { type: 'sync_contact' }>): Promise<void> {
  for (const { sync } of syncedDrivers) {
    const syncOne = sync.contact;
    if (syncOne) await channelWork(() => syncOne(deps, job.user_id, job.contact_id));
  }
  await markContactSynced(deps.db, job.user_id, job.contact_id, nowIso());
}
