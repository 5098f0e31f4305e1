import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';

// What Kith keeps of its contacts' X accounts: their handles and the bios an X sync saw.

/** The X handle of the user's contact, or undefined when there is no such contact. */
export async function contactXHandle(db: Db, userId: string, contactId: string): Promise<{ handle: string | null } | undefined> {
  return db
    .select({ handle: contacts.twitterHandle })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId)))
    .get();
}

/** The X bios stored on these contacts of the user (up to 90 ids). */
export async function storedXBios(db: Db, userId: string, contactIds: string[]): Promise<{ id: string; bio: string | null }[]> {
  return db
    .select({ id: contacts.id, bio: contacts.bioTwitter })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, contactIds)));
}

/** Stores the contact's X bio over `before` only (null: none), giving its id when it applied; for a batch. */
export const replaceXBio = (db: Db, userId: string, contactId: string, before: string | null, bio: string, now: string) =>
  db
    .update(contacts)
    .set({ bioTwitter: bio, updatedAt: now })
    .where(
      and(
        eq(contacts.userId, userId),
        eq(contacts.id, contactId),
        before === null ? isNull(contacts.bioTwitter) : sql`${contacts.bioTwitter} = ${before}`,
      ),
    )
    .returning({ id: contacts.id });
