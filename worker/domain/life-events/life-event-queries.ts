import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedBy } from '../../db/owned-by';
import { contacts, lifeEvents, type LifeEventRow } from '../../db/schema';
import type { LifeEventStatus } from './life-event-kinds';
import { WEDDING_KIND } from './same-anniversary';
import { visibleOnDb } from '../auth/contact-limit-queries';

// The reads and writes of life events (migrations/0052). A contact's events are found by the
// contact (life_events_contact), the user's inbox and recent events by status
// (life_events_user_status), the yearly ones by their day (life_events_recurring).

/** When an event sorts: its date, else the day it was recorded. */
const sortDay = sql`coalesce(${lifeEvents.happenedOn}, substr(${lifeEvents.createdAt}, 1, 10))`;

/** One page of the contact's events of these statuses, newest first (a builder: the contact page reads it in its batch). */
export const eventsOfContactPage = (db: Db, userId: string, contactId: string, statuses: LifeEventStatus[], limit: number, offset = 0) =>
  db
    .select()
    .from(lifeEvents)
    .where(and(eq(lifeEvents.contactId, contactId), ownedBy(lifeEvents.userId, userId), inArray(lifeEvents.status, statuses)))
    .orderBy(desc(sortDay), desc(lifeEvents.createdAt), lifeEvents.id)
    .limit(limit)
    .offset(offset);

export const eventCountOfContact = (db: Db, userId: string, contactId: string, statuses: LifeEventStatus[]) =>
  db
    .select({ total: count() })
    .from(lifeEvents)
    .where(and(eq(lifeEvents.contactId, contactId), ownedBy(lifeEvents.userId, userId), inArray(lifeEvents.status, statuses)));

/** The user's event `id` of the contact `contactId` (any contact when null). */
/** The event or proposal, if the handle may see its contact (a limited token: ADR 035, 073). */
export const ownEvent = (db: Db, userId: string, id: string, contactId: string | null): Promise<LifeEventRow | undefined> =>
  db
    .select()
    .from(lifeEvents)
    .where(
      and(
        eq(lifeEvents.id, id),
        ownedBy(lifeEvents.userId, userId),
        ...(contactId === null ? [] : [eq(lifeEvents.contactId, contactId)]),
        visibleOnDb(db, userId, lifeEvents.contactId),
      ),
    )
    .get();

export const insertEvent = (db: Db, row: LifeEventRow) => db.insert(lifeEvents).values(row);

/** Inserts the event unless the contact already has one of its proposal key; gives its id when written. */
export const insertEventOnce = (db: Db, row: LifeEventRow) =>
  db.insert(lifeEvents).values(row).onConflictDoNothing().returning({ id: lifeEvents.id });

export const updateEvent = (db: Db, userId: string, id: string, set: Partial<LifeEventRow>) =>
  db
    .update(lifeEvents)
    .set(set)
    .where(and(eq(lifeEvents.id, id), ownedBy(lifeEvents.userId, userId)));

export const deleteEvent = (db: Db, userId: string, id: string, contactId: string) =>
  db
    .delete(lifeEvents)
    .where(
      and(
        eq(lifeEvents.id, id),
        ownedBy(lifeEvents.userId, userId),
        eq(lifeEvents.contactId, contactId),
        visibleOnDb(db, userId, lifeEvents.contactId),
      ),
    )
    .returning({ id: lifeEvents.id });

const withContact = (db: Db) =>
  db
    .select({ e: lifeEvents, name: contacts.fullName, avatar: contacts.avatarUrl })
    .from(lifeEvents)
    .innerJoin(contacts, and(eq(contacts.id, lifeEvents.contactId), eq(contacts.userId, lifeEvents.userId)));

const sinceCondition = (since?: string) => (since ? sql`${lifeEvents.createdAt} >= ${since}` : undefined);

/** One page of the user's events of a status across the network, newest first; `since` keeps those recorded from then on. */
export const eventsOfUserPage = (db: Db, userId: string, status: LifeEventStatus, limit: number, offset = 0, since?: string) =>
  withContact(db)
    .where(
      and(
        eq(lifeEvents.userId, userId),
        eq(lifeEvents.status, status),
        sinceCondition(since),
        visibleOnDb(db, userId, lifeEvents.contactId),
      ),
    )
    .orderBy(desc(lifeEvents.createdAt), desc(lifeEvents.id))
    .limit(limit)
    .offset(offset);

export const eventCountOfUser = (db: Db, userId: string, status: LifeEventStatus, since?: string) =>
  db
    .select({ total: count() })
    .from(lifeEvents)
    .where(
      and(
        eq(lifeEvents.userId, userId),
        eq(lifeEvents.status, status),
        sinceCondition(since),
        visibleOnDb(db, userId, lifeEvents.contactId),
      ),
    );

/**
 * Not a wedding whose day is already the contact's anniversary date (same-anniversary.ts, ADR
 * 058): Home and the feed show that date, once. Read through contact_dates_contact.
 */
const notAnAnniversaryDate = sql`NOT (${lifeEvents.kind} = ${WEDDING_KIND} AND EXISTS (
  SELECT 1 FROM contact_dates d WHERE d.contact_id = ${lifeEvents.contactId} AND d.user_id = ${lifeEvents.userId}
    AND d.kind = 'anniversary' AND printf('%02d-%02d', d.month, d.day) = ${lifeEvents.recursOn}))`;

/** The user's accepted yearly events falling on any of these days ('MM-DD'), with their contact. */
export const recurringOnDays = (db: Db, userId: string, days: string[]) =>
  withContact(db).where(
    and(
      eq(lifeEvents.userId, userId),
      inArray(lifeEvents.recursOn, days),
      eq(lifeEvents.status, 'accepted'),
      notAnAnniversaryDate,
      visibleOnDb(db, userId, lifeEvents.contactId),
    ),
  );

/** Every accepted yearly event of the user (the calendar feed, at most `limit`). */
export const recurringEvents = (db: Db, userId: string, limit: number) =>
  withContact(db)
    .where(
      and(eq(lifeEvents.userId, userId), sql`${lifeEvents.recursOn} IS NOT NULL`, eq(lifeEvents.status, 'accepted'), notAnAnniversaryDate),
    )
    .orderBy(lifeEvents.recursOn, lifeEvents.id)
    .limit(limit);
