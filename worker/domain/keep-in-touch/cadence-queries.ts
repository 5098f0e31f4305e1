import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { cadenceDefaults, contacts } from '../../db/schema';
import type { Cadence } from './calendar-dates';

// The user's default cadence per priority, and the due dates of contacts it sets.

type CadencePriority = 'high' | 'medium' | 'low';

export function cadenceDefaultRows(db: Db, userId: string) {
  return db.select().from(cadenceDefaults).where(eq(cadenceDefaults.userId, userId));
}

export function clearCadenceDefault(db: Db, userId: string, priority: CadencePriority) {
  return db.delete(cadenceDefaults).where(and(eq(cadenceDefaults.userId, userId), eq(cadenceDefaults.priority, priority)));
}

export function setCadenceDefault(db: Db, userId: string, priority: CadencePriority, value: Cadence) {
  return db
    .insert(cadenceDefaults)
    .values({ userId, priority, every: value.every, unit: value.unit })
    .onConflictDoUpdate({
      target: [cadenceDefaults.userId, cadenceDefaults.priority],
      set: { every: value.every, unit: value.unit },
    });
}

/**
 * Recomputes next_due of the user's contacts (optionally those of one priority without a
 * cadence of their own): one set-based statement; naming a followed column in SET fires the
 * contacts_next_due_update trigger for each row it touches.
 */
export function refreshNextDueStatement(db: Db, userId: string, only?: { priorityDefault: CadencePriority }): BatchItem<'sqlite'> {
  return db
    .update(contacts)
    .set({ cadenceUnit: sql`cadence_unit` })
    .where(
      and(
        eq(contacts.userId, userId),
        only ? and(eq(contacts.priority, only.priorityDefault), sql`${contacts.cadenceEvery} IS NULL`) : undefined,
      ),
    );
}
