import { sql, type SQL } from 'drizzle-orm';
import { newId, nowIso } from '../../db/columns';
import { dateKey } from './field-values';
import type { ValueSource } from './source-kinds';

// The sources of a contact's dates (ADR 038): a date's source row names the day it holds
// (`dateKey`), as a field's names its value (ADR 032). The three ways a date is written (the
// page and the API, a file import, a phone's card) insert dates only when new, with ids made
// here, so a source is recorded exactly for the rows the batch inserted. The source of a date
// deleted or moved to another day stays behind unseen (no date names its key); the same day
// written again records its writer anew, and the latest row is the one shown.

/** A date a write means to insert, under the id it gives it. */
export interface NewDate {
  id: string;
  month: number;
  day: number;
  year: number | null;
}

/**
 * Records `source` for each of `dates` the batch inserted (its row exists under its new id): run
 * after the insert. A date the insert skipped (the contact has it already) keeps its source.
 */
export function recordDateSourcesStatement(userId: string, dates: NewDate[], source: ValueSource): SQL | null {
  if (dates.length === 0) return null;
  const rows = JSON.stringify(dates.map((d) => [newId(), d.id, dateKey(d)]));
  return sql`INSERT INTO contact_field_sources (id, user_id, contact_id, field, value_key, source, source_ref, recorded_at)
    SELECT j.value ->> 0, ${userId}, d.contact_id, 'date', j.value ->> 2, ${source.kind}, ${source.ref ?? null}, ${nowIso()}
    FROM json_each(${rows}) j JOIN contact_dates d ON d.id = j.value ->> 1 AND d.user_id = ${userId}`;
}
