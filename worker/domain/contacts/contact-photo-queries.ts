import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { visibleOnDb } from '../auth/contact-limit-queries';

/**
 * Whether a contact a limited handle sees wears the photo at `url` (ADR 074): the hash in it is
 * known from a contact that was visible, since tagged "private". Only asked for a limited handle,
 * so the scan of the user's contacts is never the owner's.
 */
export async function photoWornByVisibleContact(db: Db, userId: string, url: string): Promise<boolean> {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.avatarUrl, url), visibleOnDb(db, userId, contacts.id)))
    .limit(1)
    .get();
  return row !== undefined;
}
