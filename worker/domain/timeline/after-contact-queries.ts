import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, followups, reminders } from '../../db/schema';
import { isContactSql } from '../scoring/score-queries';

// What new real contact writes on the contacts it is with (afterContactStatements). A chunk is
// [contact id, its newest contact time] pairs.

/** Sets the contacts' last interaction to their newest real contact. */
export const refreshLastInteraction = (db: Db, userId: string, ids: string[]) =>
  db
    .update(contacts)
    .set({
      lastInteractionAt: sql`(SELECT max(occurred_at) FROM interactions i WHERE i.user_id = ${userId} AND i.contact_id = ${contacts.id} AND ${isContactSql})`,
    })
    .where(and(eq(sql`+${contacts.userId}`, userId), inArray(contacts.id, ids)));

/** Dismisses the contacts' open suggestions created before their newest contact. */
export const dismissAnsweredFollowups = (db: Db, userId: string, chunk: [string, string][], now: string) =>
  db
    .update(followups)
    .set({ status: 'dismissed', resolvedAt: now })
    .where(
      and(
        eq(followups.userId, userId),
        inArray(
          followups.contactId,
          chunk.map(([id]) => id),
        ),
        inArray(followups.status, ['pending', 'snoozed']),
        sql`${followups.createdAt} <= CASE ${followups.contactId} ${sql.join(
          chunk.map(([id, newest]) => sql`WHEN ${id} THEN ${newest}`),
          sql` `,
        )} END`,
      ),
    );

/** Dismisses the contacts' open "follow up" reminders set before their newest contact. */
export const dismissAnsweredFollowUpReminders = (db: Db, userId: string, chunk: [string, string][], now: string) =>
  db
    .update(reminders)
    .set({ status: 'dismissed', resolvedAt: now })
    .where(
      and(
        eq(reminders.userId, userId),
        inArray(
          reminders.contactId,
          chunk.map(([id]) => id),
        ),
        eq(reminders.kind, 'follow_up'),
        inArray(reminders.status, ['pending', 'snoozed']),
        sql`${reminders.createdAt} <= CASE ${reminders.contactId} ${sql.join(
          chunk.map(([id, newest]) => sql`WHEN ${id} THEN ${newest}`),
          sql` `,
        )} END`,
      ),
    );
