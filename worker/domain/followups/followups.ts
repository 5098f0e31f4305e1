import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import { insertDueFollowups, openFollowupRows, wakeSnoozedFollowups } from './followup-queries';

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
    wakeSnoozedFollowups(db, userId, iso),
    insertDueFollowups(userId, iso, FOLLOWUP_INTERVAL_DAYS),
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
  const rows = await openFollowupRows(db, userId, { contactId: options.contactId, limit: Math.min(options.limit ?? 50, 200), iso });
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
