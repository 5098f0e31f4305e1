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
  return claimAndEnqueue(deps, userId, contactId, now);
}

/**
 * The same for the contact a page has just read, with when a sync was last asked for (read in the
 * page's batch): no lookup of the contact, and within the hour no D1 call at all. Every visit
 * used to check the contact and try the upsert, two calls and a write beside the next page's reads.
 */
export async function requestSyncOfShownContact(
  deps: Deps,
  userId: string,
  contactId: string,
  lastRequestedAt: string | null,
  now = new Date(),
): Promise<boolean> {
  if (lastRequestedAt !== null && lastRequestedAt > cutoffOf(now)) return false;
  return claimAndEnqueue(deps, userId, contactId, now);
}

const cutoffOf = (now: Date) => new Date(now.getTime() - CONTACT_SYNC_INTERVAL_MS).toISOString();

async function claimAndEnqueue(deps: Deps, userId: string, contactId: string, now: Date): Promise<boolean> {
  if (!(await claimContactSync(deps.db, userId, contactId, now.toISOString(), cutoffOf(now)))) return false;
  await deps.jobs.send({ type: 'sync_contact', user_id: userId, contact_id: contactId });
  return true;
}
