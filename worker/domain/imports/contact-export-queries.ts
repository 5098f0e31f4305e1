import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';

/** The next `limit` ids of the user's contacts after `after`, in id order: the export's keyset page. */
export async function contactIdsAfter(db: Db, userId: string, after: string, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), gt(contacts.id, after)))
    .orderBy(asc(contacts.id))
    .limit(limit);
}
