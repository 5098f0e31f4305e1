import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runStatements } from '../../db/sql-batch';
import type { PublicUser } from '../auth/users';
import { visibleOnDb } from '../auth/contact-limit-queries';
import type { Cadence } from './calendar-dates';
import type { AgendaType } from './agenda';

/** One agenda row as the union reads it (agenda.ts turns it into an AgendaItem). */
export interface AgendaRow {
  type: AgendaType;
  ref: string;
  kind: string;
  contact_id: string;
  contact_name: string;
  avatar_url: string | null;
  due_on: string;
  note: string | null;
  snoozed: number;
  every: number | null;
  unit: Cadence['unit'] | null;
}

/** The local date of an instant column in SQL, through the zone's offsets (time_zone_offsets). */
export function localDateSql(instant: SQL, timeZone: string): SQL {
  return sql`date(${instant}, coalesce((SELECT o.offset_minutes FROM time_zone_offsets o WHERE o.time_zone = ${timeZone} AND o.from_utc <= ${instant} ORDER BY o.from_utc DESC LIMIT 1), 0) || ' minutes')`;
}

/**
 * Open reminders, cadence dues and open follow-up suggestions due by `until` (a local date),
 * of one contact when given; archived contacts' reminders and suggestions are left out. One
 * UNION ALL over three indexed reads (reminders_user_open, contacts_user_next_due,
 * followups_user_status).
 */
function agendaUnion(user: Pick<PublicUser, 'id' | 'time_zone'>, until: string, contactId?: string): SQL {
  const followupDue = localDateSql(sql`coalesce(f.snoozed_until, f.due_at)`, user.time_zone);
  return sql`
    SELECT 'reminder' AS type, r.id AS ref, r.kind AS kind, r.contact_id, c.full_name AS contact_name, c.avatar_url,
      r.due_on, r.note, r.status = 'snoozed' AS snoozed, NULL AS every, NULL AS unit
    FROM reminders r JOIN contacts c ON c.id = r.contact_id
    WHERE r.user_id = ${user.id} AND r.status IN ('pending', 'snoozed') AND r.due_on <= ${until} AND c.priority <> 'archived'
      ${contactId ? sql`AND r.contact_id = ${contactId}` : sql``}
    UNION ALL
    SELECT 'cadence', c.id, 'cadence', c.id, c.full_name, c.avatar_url,
      c.next_due, NULL, c.cadence_snoozed_until IS NOT NULL AND c.cadence_snoozed_until = c.next_due,
      CASE WHEN c.cadence_every IS NOT NULL THEN c.cadence_every ELSE d.every END,
      CASE WHEN c.cadence_every IS NOT NULL THEN c.cadence_unit ELSE d.unit END
    FROM contacts c LEFT JOIN cadence_defaults d ON d.user_id = c.user_id AND d.priority = c.priority
    WHERE c.user_id = ${user.id} AND coalesce(c.next_due, '9999-12-31') <= ${until}
      ${contactId ? sql`AND c.id = ${contactId}` : sql``}
    UNION ALL
    SELECT 'followup', f.id, 'suggestion', f.contact_id, c.full_name, c.avatar_url,
      ${followupDue}, f.reason, f.status = 'snoozed', NULL, NULL
    FROM followups f JOIN contacts c ON c.id = f.contact_id
    WHERE f.user_id = ${user.id} AND f.status IN ('pending', 'snoozed') AND c.priority <> 'archived'
      AND ${followupDue} <= ${until}
      ${contactId ? sql`AND f.contact_id = ${contactId}` : sql``}`;
}

/**
 * One page of the agenda due by `until`, soonest first, how many items it has in all, and
 * whether the user's zone has its offsets stored (the dates are only right when it has): one
 * round trip.
 */
export async function readAgendaPage(
  db: Db,
  user: Pick<PublicUser, 'id' | 'time_zone'>,
  page: { until: string; contactId?: string; limit: number; offset: number },
): Promise<{ rows: AgendaRow[]; total: number; zoneKnown: boolean }> {
  const every = agendaUnion(user, page.until, page.contactId);
  // A limited token's agenda: only the contacts it may see (ADR 035).
  const visible = visibleOnDb(db, user.id, sql`u.contact_id`);
  const union = visible ? sql`SELECT * FROM (${every}) u WHERE ${visible}` : every;
  const [rows, counted, known] = await runStatements(db, [
    sql`SELECT * FROM (${union}) ORDER BY due_on, type, ref LIMIT ${page.limit} OFFSET ${page.offset}`,
    sql`SELECT count(*) AS n FROM (${union})`,
    sql`SELECT 1 AS one FROM time_zone_offsets WHERE time_zone = ${user.time_zone} LIMIT 1`,
  ]);
  return {
    rows: rows!.results as unknown as AgendaRow[],
    total: Number(counted!.results[0]?.n ?? 0),
    zoneKnown: known!.results.length > 0,
  };
}
