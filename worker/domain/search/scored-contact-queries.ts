import { and, eq, gt } from 'drizzle-orm';
import type { UserStore } from '../../db/stores';
import { contacts } from '../../db/schema';

/** Whether any of the user's contacts has a score above 0: one seek on contacts_user_score. */
export async function hasScoredContact(store: UserStore): Promise<boolean> {
  const row = await store.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, store.userId), gt(contacts.relationshipScore, 0)))
    .limit(1)
    .get();
  return row !== undefined;
}
