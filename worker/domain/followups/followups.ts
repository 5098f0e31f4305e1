import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { contacts, followups } from '../../db/schema';

/** Days without contact after which a contact of each priority gets a suggestion (archived: never). */
export const FOLLOWUP_INTERVAL_DAYS = { high: 30, medium: 60, low: 180 } as const;

export interface FollowupView {
  id: string;
  contact_id: string;
  contact_name: string;
  reason: string;
  status: 'pending' | 'snoozed' | 'dismissed' | 'done';
  due_at: string;
  snoozed_until: string | null;
  created_at: string;
}

const PRIORITY_CASE = sql.raw(
  `CASE c.priority ${Object.entries(FOLLOWUP_INTERVAL_DAYS)
    .map(([p, d]) => `WHEN '${p}' THEN ${d}`)
    .join(' ')} END`,
);

/**
 * Creates a suggestion for every contact of the user past its priority's interval since the
 * last interaction (or since it was added), unless it already has an open one or one was
 * created within the interval (a dismissed suggestion does not come back the next night).
 * A contact with a cadence (its own or its priority's) is due by that instead: no suggestion.
 * Snoozed suggestions whose time has come are pending again. Two set-based statements.
 */
export async function generateFollowups(db: Db, userId: string, now = new Date()): Promise<number> {
  const iso = now.toISOString();
  const [, inserted] = await runStatements(db, [
    db
      .update(followups)
      .set({ status: 'pending', snoozedUntil: null })
      .where(and(eq(followups.userId, userId), eq(followups.status, 'snoozed'), sql`${followups.snoozedUntil} <= ${iso}`)),
    sql`
      INSERT INTO followups (id, user_id, contact_id, reason, status, due_at, created_at)
      SELECT lower(hex(randomblob(16))), c.user_id, c.id,
        'No contact for ' || ${PRIORITY_CASE} || '+ days (' || c.priority || ' priority)',
        'pending',
        strftime('%Y-%m-%dT%H:%M:%fZ', coalesce(c.last_interaction_at, c.created_at), '+' || ${PRIORITY_CASE} || ' days'),
        ${iso}
      FROM contacts c
      WHERE c.user_id = ${userId} AND c.priority <> 'archived' AND c.next_due IS NULL
        AND julianday(${iso}) - julianday(coalesce(c.last_interaction_at, c.created_at)) >= ${PRIORITY_CASE}
        AND NOT EXISTS (
          SELECT 1 FROM followups f WHERE f.contact_id = c.id
            AND (f.status IN ('pending', 'snoozed') OR julianday(${iso}) - julianday(f.created_at) < ${PRIORITY_CASE})
        )`,
  ]);
  return inserted?.meta.changes ?? 0;
}

/** Open suggestions (pending, or snoozed until now), optionally for one contact, oldest due first. */
export async function listFollowups(
  db: Db,
  userId: string,
  options: { contactId?: string; limit?: number; now?: Date } = {},
): Promise<FollowupView[]> {
  const iso = (options.now ?? new Date()).toISOString();
  const rows = await db
    .select({ f: followups, name: contacts.fullName })
    .from(followups)
    .innerJoin(contacts, eq(contacts.id, followups.contactId))
    .where(
      and(
        eq(followups.userId, userId),
        options.contactId ? eq(followups.contactId, options.contactId) : undefined,
        or(eq(followups.status, 'pending'), and(eq(followups.status, 'snoozed'), sql`${followups.snoozedUntil} <= ${iso}`)),
      ),
    )
    .orderBy(asc(followups.dueAt), asc(followups.id))
    .limit(Math.min(options.limit ?? 50, 200));
  return rows.map(({ f, name }) => ({
    id: f.id,
    contact_id: f.contactId,
    contact_name: name,
    reason: f.reason,
    status: f.status,
    due_at: f.dueAt,
    snoozed_until: f.snoozedUntil,
    created_at: f.createdAt,
  }));
}
