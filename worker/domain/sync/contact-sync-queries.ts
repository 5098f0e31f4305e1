import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, contactSyncState } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

/** Whether the user has this contact (one a limited handle sees, ADR 074). */
export async function hasContact(db: Db, userId: string, contactId: string): Promise<boolean> {
  const contact = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), visibleOnDb(db, userId, contacts.id)))
    .get();
  return contact !== undefined;
}

/** When a sync of the contact was last asked for (no row: never), to read with the contact page's batch. */
export function syncRequestOf(db: Db, userId: string, contactId: string) {
  return db
    .select({ requestedAt: contactSyncState.requestedAt })
    .from(contactSyncState)
    .where(and(eq(contactSyncState.contactId, contactId), eq(contactSyncState.userId, userId)));
}

/**
 * Records a sync request for the contact at `now` unless one was recorded after `cutoff`; true
 * when this request was recorded. One conditional upsert, so two requests at once record one.
 */
export async function claimContactSync(db: Db, userId: string, contactId: string, now: string, cutoff: string): Promise<boolean> {
  const claimed = await db
    .insert(contactSyncState)
    .values({ contactId, userId, requestedAt: now })
    .onConflictDoUpdate({
      target: contactSyncState.contactId,
      set: { requestedAt: now },
      setWhere: sql`${contactSyncState.requestedAt} <= ${cutoff}`,
    })
    .returning({ id: contactSyncState.contactId });
  return claimed.length > 0;
}

/** Records when the sync_contact job last synced the contact on its channels. */
export async function markContactSynced(db: Db, userId: string, contactId: string, now: string): Promise<void> {
  await db
    .update(contacts)
    .set({ lastSyncedAt: now })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)));
}
