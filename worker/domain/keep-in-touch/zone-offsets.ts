import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { offsetMinutes } from './calendar-dates';
import { refreshNextDueStatement } from './cadence-queries';
import { anyZoneOffset, insertZoneOffsets } from './zone-offset-queries';

const FIRST = Date.UTC(1970, 0, 1);
const LAST = Date.UTC(2100, 0, 1);
// Four weeks: zones change at most twice a year, months apart. Changes fall on whole minutes.
const STEP = 28 * 86_400_000;
const MINUTE = 60_000;

/**
 * The zone's UTC offset from each change on, 1970–2100, from the runtime's time zone data:
 * samples every four weeks, each change then found to the minute (about 100 ms, once per zone). The first row (from 0000) holds the
 * offset before 1970.
 */
export function zoneOffsetRows(timeZone: string): { fromUtc: string; offsetMinutes: number }[] {
  const rows = [{ fromUtc: '0000-01-01T00:00:00.000Z', offsetMinutes: offsetMinutes(new Date(FIRST), timeZone) }];
  let previous = rows[0]!.offsetMinutes;
  for (let at = FIRST; at < LAST; at += STEP) {
    const next = offsetMinutes(new Date(Math.min(at + STEP, LAST)), timeZone);
    if (next === previous) continue;
    // Two changes within four weeks would show as the later one only.
    let [lo, hi] = [at, Math.min(at + STEP, LAST)];
    while (hi - lo > MINUTE) {
      const mid = Math.floor((lo + hi) / (2 * MINUTE)) * MINUTE;
      if (offsetMinutes(new Date(mid), timeZone) === previous) lo = mid;
      else hi = mid;
    }
    rows.push({ fromUtc: new Date(hi).toISOString(), offsetMinutes: next });
    previous = next;
  }
  return rows;
}

/** Writes the zone's offsets once (shared by every user in it); true when it wrote them now. */
export async function ensureZoneOffsets(db: Db, timeZone: string): Promise<boolean> {
  const known = await anyZoneOffset(db, timeZone);
  if (known) return false;
  const rows = zoneOffsetRows(timeZone).map((r) => ({ timeZone, ...r }));
  const statements: BatchItem<'sqlite'>[] = [];
  // 3 values per row: 30 rows per statement stays under D1's 100 bound parameters.
  for (let i = 0; i < rows.length; i += 30) statements.push(insertZoneOffsets(db, rows.slice(i, i + 30)));
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return true;
}

/** After the user's zone changed (or its offsets were first written): every due date again. */
export async function refreshUserDueDates(db: Db, userId: string, timeZone: string): Promise<void> {
  await ensureZoneOffsets(db, timeZone);
  await db.batch([refreshNextDueStatement(db, userId)]);
}
