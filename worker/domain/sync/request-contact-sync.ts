import type { Deps } from '../deps';
import { notFound } from '../errors';
import { claimContactSync, hasContact } from './contact-sync-queries';

/** SPEC §1 "Auto-sync": visiting a contact syncs its messaging/microblog DMs, at most hourly. */
export const CONTACT_SYNC_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Enqueues a `sync_contact` job unless one was requested for this contact within the hour.
 * The throttle is one conditional upsert, so two tabs opening the page at once enqueue once.
 * Returns whether a job was enqueued.
 */
export async function requestContactSync(deps: Deps, userId: string, contactId: string, now = new Date()): Promise<boolean> {
  if (!(await hasContact(deps.db, userId, contactId))) throw notFound('Contact');
  const cutoff = new Date(now.getTime() - CONTACT_SYNC_INTERVAL_MS).toISOString();
  if (!(await claimContactSync(deps.db, userId, contactId, now.toISOString(), cutoff))) return false;
  await deps.jobs.send({ type: 'sync_contact', user_id: userId, contact_id: contactId });
  return true;
}
