import { visibleOnDb } from '../auth/contact-limit-queries';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, followups } from '../../db/schema';

/** Days without contact after which a contact of each priority gets a suggestion. */
export type FollowupIntervals = Record<'high' | 'medium' | 'low', number>;

/** Makes the user's snoozed suggestions whose time has come (at `iso`) pending again. */
export function wakeSnoozedFollowups(db: Db, userId: string, iso: string) {
  return db
    .update(followups)
    .set({ status: 'pending', snoozedUntil: null })
    .where(and(eq(followups.userId, userId), eq(followups.status, 'snoozed'), sql`${followups.snoozedUntil} <= ${iso}`));
}

/**
 * Inserts a pending suggestion for every contact of the user without a cadence that is past
 * its priority's interval since the last interaction (or since it was added), unless it has
 * an open one or one created within the interval.
 */
export function insertDueFollowups(userId: string, iso: string, intervalDays: FollowupIntervals) {
  const priorityDays = sql.raw(
    `CASE c.priority ${Object.entries(intervalDays)
      .map(([p, d]) => `WHEN '${p}' THEN ${d}`)
      .join(' ')} END`,
  );
  return sql`
      INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at)
      SELECT lower(hex(randomblob(16))), c.user_id, c.id,
        'No contact for ' || ${priorityDays} || '+ days (' || c.priority || ' priority)',
        'pending',
        strftime('%Y-%m-%dT%H:%M:%fZ', coalesce(c.last_interaction_at, c.created_at), '+' || ${priorityDays} || ' days'),
        ${iso}
      FROM contacts c
      WHERE c.user_id = ${userId} AND c.priority <> 'archived' AND c.next_due IS NULL
        AND julianday(${iso}) - julianday(coalesce(c.last_interaction_at, c.created_at)) >= ${priorityDays}
        AND NOT EXISTS (
          SELECT 1 FROM followups f WHERE f.contact_id = c.id
            AND (f.status IN ('pending', 'snoozed') OR julianday(${iso}) - julianday(f.created_at) < ${priorityDays})
        )`;
}

/** The user's open suggestions at `iso` (pending, or snoozed until then) with their contact's name, optionally of one contact, oldest due first. */
export async function openFollowupRows(db: Db, userId: string, options: { contactId?: string; limit: number; iso: string }) {
  return db
    .select({ f: followups, name: contacts.fullName })
    .from(followups)
    .innerJoin(contacts, eq(contacts.id, followups.contactId))
    .where(
      and(
        eq(followups.userId, userId),
        options.contactId ? eq(followups.contactId, options.contactId) : undefined,
        visibleOnDb(db, userId, followups.contactId),
        or(eq(followups.status, 'pending'), and(eq(followups.status, 'snoozed'), sql`${followups.snoozedUntil} <= ${options.iso}`)),
      ),
    )
    .orderBy(asc(followups.dueAt), asc(followups.id))
    .limit(options.limit);
}
