import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, imports, interactionPurges, interactions } from '../../db/schema';
import { shownInteractionOnDb, visibleOnDb } from '../auth/contact-limit-queries';

// What Home reads beside the agenda and the dates, as query builders for one batch.

/** The user's last 10 interactions up to `nowIso`, newest first, with their contact's name (as a limited token may see them). */
export function recentInteractions(db: Db, userId: string, nowIso: string) {
  return db
    .select({ i: interactions, name: contacts.fullName })
    .from(interactions)
    .innerJoin(contacts, eq(contacts.id, interactions.contactId))
    .where(
      and(
        eq(interactions.userId, userId),
        sql`${interactions.occurredAt} <= ${nowIso}`,
        visibleOnDb(db, userId, interactions.contactId),
        shownInteractionOnDb(db, interactions.private),
      ),
    )
    .orderBy(desc(interactions.occurredAt), desc(interactions.id))
    .limit(10);
}

/** Up to 8 high-priority contacts not heard from since `coldBefore` (or never), best score first. */
export function goingColdContacts(db: Db, userId: string, coldBefore: string) {
  return db
    .select({
      id: contacts.id,
      full_name: contacts.fullName,
      avatar_url: contacts.avatarUrl,
      relationship_score: contacts.relationshipScore,
      last_interaction_at: contacts.lastInteractionAt,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        eq(contacts.priority, 'high'),
        or(isNull(contacts.lastInteractionAt), lt(contacts.lastInteractionAt, coldBefore)),
      ),
    )
    .orderBy(desc(contacts.relationshipScore), asc(contacts.id))
    .limit(8);
}

/** One contact of the user's, if any: an empty account's Home shows how to start instead. */
export function anyContact(db: Db, userId: string) {
  return db.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, userId)).limit(1);
}

/** The user's 5 latest imports still queued or running. */
export function unfinishedImports(db: Db, userId: string) {
  return db
    .select({ id: imports.id, kind: imports.kind, status: imports.status, total: imports.total, processed: imports.processed })
    .from(imports)
    .where(and(eq(imports.userId, userId), inArray(imports.status, ['queued', 'running'])))
    .orderBy(desc(imports.createdAt))
    .limit(5);
}

/** How many of the user's contacts have a location not geocoded as it now reads. */
export function countContactsToGeocode(db: Db, userId: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        sql`${contacts.location} IS NOT NULL AND ${contacts.location} <> '' AND ${contacts.geocodedLocation} IS NOT ${contacts.location}`,
      ),
    );
}

/** How many deleted contacts of the user still have interactions waiting to be purged. */
export function countContactsToPurge(db: Db, userId: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(interactionPurges)
    .where(eq(interactionPurges.userId, userId));
}
