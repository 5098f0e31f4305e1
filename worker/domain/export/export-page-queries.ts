import { and, asc, desc, eq, gt, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, interactions, organizations, type InteractionRow } from '../../db/schema';
import { ofExistingContact } from '../contacts/contact-delete-queries';

// The pages an export reads, each after the last row of the page before (keyset), so memory
// stays flat however large the account.

/** The ids of the user's next `pageSize` contacts after the id `after`, in id order. */
export async function contactIdsAfter(db: Db, userId: string, after: string, pageSize: number) {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), gt(contacts.id, after)))
    .orderBy(asc(contacts.id))
    .limit(pageSize);
}

/** The user's next `limit` organizations after the id `after`, in id order. */
export async function organizationsAfter(db: Db, userId: string, after: string, limit: number) {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.userId, userId), gt(organizations.id, after)))
    .orderBy(asc(organizations.id))
    .limit(limit);
}

/** The user's next `limit` interactions of existing contacts after `last` (from the first without it), contact by contact, newest first. */
export async function interactionsAfter(
  db: Db,
  userId: string,
  last: InteractionRow | undefined,
  limit: number,
): Promise<InteractionRow[]> {
  const after = last
    ? and(
        gte(interactions.contactId, last.contactId),
        or(
          gt(interactions.contactId, last.contactId),
          lt(interactions.occurredAt, last.occurredAt),
          and(eq(interactions.occurredAt, last.occurredAt), lt(interactions.id, last.id)),
        ),
      )
    : undefined;
  return db
    .select()
    .from(interactions)
    .where(and(eq(interactions.userId, userId), after, ofExistingContact))
    .orderBy(asc(interactions.contactId), desc(interactions.occurredAt), desc(interactions.id))
    .limit(limit);
}
