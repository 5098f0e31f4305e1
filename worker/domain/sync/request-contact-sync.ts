import { and, eq, sql } from 'drizzle-orm';
import { contacts, contactSyncState } from '../../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../errors';

/** SPEC §1 "Auto-sync": visiting a contact syncs its messaging/microblog DMs, at most hourly. */
export const CONTACT_SYNC_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Enqueues a `sync_contact` job unless one was requested for this contact within the hour.
 * The throttle is one conditional upsert, so two tabs opening the page at once enqueue once.
 * Returns whether a job was enqueued.
 */
export async function requestContactSync(deps: Deps, userId: string, contactId: string, now = new Date()): Promise<boolean> {
  const { db } = deps;
  const contact = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.userId, userId), eq(contacts.id, contactId))).get();
  if (!contact) throw notFound('Contact');
  const cutoff = new Date(now.getTime() - CONTACT_SYNC_INTERVAL_MS).toISOString();
  const claimed = await db
    .insert(contactSyncState)
    .values({ contactId, userId, requestedAt: now.toISOString() })
    .onConflictDoUpdate({ target: contactSyncState.contactId, set: { requestedAt: now.toISOString() }, setWhere: sql`${contactSyncState.requestedAt} <= ${cutoff}` })
    .returning({ id: contactSyncState.contactId });
  if (claimed.length === 0) return false;
  await deps.jobs.send({ type: 'sync_contact', user_id: userId, contact_id: contactId });
  return true;
}
