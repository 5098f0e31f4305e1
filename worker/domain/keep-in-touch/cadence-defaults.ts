import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Cadence } from './calendar-dates';
import { cadenceSchema } from './calendar-date-input';
import { cadenceDefaultRows, clearCadenceDefault, refreshNextDueStatement, setCadenceDefault } from './cadence-queries';

export const CADENCE_PRIORITIES = ['high', 'medium', 'low'] as const;
type CadencePriority = (typeof CADENCE_PRIORITIES)[number];
export type CadenceDefaults = Record<CadencePriority, Cadence | null>;

export const cadenceDefaultsInputSchema = z
  .object({ high: cadenceSchema.nullable(), medium: cadenceSchema.nullable(), low: cadenceSchema.nullable() })
  .partial()
  .strict();

export async function getCadenceDefaults(db: Db, userId: string): Promise<CadenceDefaults> {
  return cadenceDefaultsOf(await cadenceDefaultRows(db, userId));
}

/** The defaults per priority from the user's rows (cadenceDefaultRows); a priority with none is null. */
export function cadenceDefaultsOf(rows: Awaited<ReturnType<typeof cadenceDefaultRows>>): CadenceDefaults {
  const out: CadenceDefaults = { high: null, medium: null, low: null };
  for (const r of rows) out[r.priority] = { every: r.every, unit: r.unit };
  return out;
}

/**
 * Sets (or clears, with null) the default cadence of each priority given. The contacts of a
 * changed priority without a cadence of their own get their due date again, set-based.
 */
export async function setCadenceDefaults(
  db: Db,
  userId: string,
  input: z.infer<typeof cadenceDefaultsInputSchema>,
): Promise<CadenceDefaults> {
  const statements: BatchItem<'sqlite'>[] = [];
  for (const priority of CADENCE_PRIORITIES) {
    const value = input[priority];
    if (value === undefined) continue;
    statements.push(
      value === null ? clearCadenceDefault(db, userId, priority) : setCadenceDefault(db, userId, priority, value),
      refreshNextDueStatement(db, userId, { priorityDefault: priority }),
    );
  }
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return getCadenceDefaults(db, userId);
}

const UNIT_WORDS = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] } as const;

/** "every 2 weeks", "every month". */
export function describeCadence(cadence: Cadence): string {
  const [one, many] = UNIT_WORDS[cadence.unit];
  return cadence.every === 1 ? `every ${one}` : `every ${cadence.every} ${many}`;
}
