import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PublicUser } from '../auth/users';
import { addDays, localDate, type Cadence } from './calendar-dates';
import { describeCadence } from './cadence-defaults';
import { refreshUserDueDates } from './zone-offsets';

/** What an agenda item is: the user's reminder, a follow-up set after logging, a cadence due, or a generated suggestion. */
export type AgendaKind = 'reminder' | 'follow_up' | 'cadence' | 'suggestion';
/** Which store an item lives in, for done / snooze / dismiss. */
export type AgendaType = 'reminder' | 'cadence' | 'followup';
export type AgendaBucket = 'overdue' | 'today' | 'this_week' | 'later';

export interface AgendaItem {
  /** `type:ref`, stable for the item (the calendar feed's UID). */
  id: string;
  type: AgendaType;
  ref: string;
  kind: AgendaKind;
  contact_id: string;
  contact_name: string;
  avatar_url: string | null;
  /** The local date (user's time zone) it is due. */
  due_on: string;
  bucket: AgendaBucket;
  title: string;
  note: string | null;
  snoozed: boolean;
}

interface Row {
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

export function bucketOf(dueOn: string, today: string): AgendaBucket {
  if (dueOn < today) return 'overdue';
  if (dueOn === today) return 'today';
  return dueOn <= addDays(today, 7) ? 'this_week' : 'later';
}

export interface AgendaOptions {
  /** Last date included (default: a week from today). */
  until?: string;
  contactId?: string;
  page?: number;
  pageSize?: number;
  now?: Date;
}

/**
 * Reminders, cadence dues and generated suggestions due by `until`, as one list in the user's
 * time zone, soonest first (overdue first of all). Archived contacts produce nothing. One
 * UNION ALL over three indexed reads (reminders_user_open, contacts_user_next_due,
 * followups_user_status), paged, plus its count.
 */
export async function agenda(db: Db, user: Pick<PublicUser, 'id' | 'time_zone'>, options: AgendaOptions = {}): Promise<{ items: AgendaItem[]; total: number; today: string }> {
  const now = options.now ?? new Date();
  const today = localDate(now, user.time_zone);
  const until = options.until ?? addDays(today, 7);
  const pageSize = Math.min(Math.max(1, options.pageSize ?? 50), 200);
  const offset = (Math.max(1, options.page ?? 1) - 1) * pageSize;
  await healZoneOffsets(db, user);
  const union = agendaUnionSql(user, until, options.contactId);
  const [rows, counted] = await Promise.all([
    db.all<Row>(sql`SELECT * FROM (${union}) ORDER BY due_on, type, ref LIMIT ${pageSize} OFFSET ${offset}`),
    db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${union})`),
  ]);
  return { items: rows.map((r) => toItem(r, today)), total: counted[0]?.n ?? 0, today };
}

function agendaUnionSql(user: Pick<PublicUser, 'id' | 'time_zone'>, until: string, contactId?: string): SQL {
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

function toItem(r: Row, today: string): AgendaItem {
  const kind = r.kind as AgendaKind;
  const title =
    kind === 'cadence'
      ? r.every && r.unit
        ? `Keep in touch ${describeCadence({ every: r.every, unit: r.unit })}`
        : 'Keep in touch'
      : kind === 'suggestion'
        ? (r.note ?? 'Reach out')
        : (r.note ?? (kind === 'follow_up' ? 'Follow up' : 'Reminder'));
  return {
    id: `${r.type}:${r.ref}`,
    type: r.type,
    ref: r.ref,
    kind,
    contact_id: r.contact_id,
    contact_name: r.contact_name,
    avatar_url: r.avatar_url,
    due_on: r.due_on,
    bucket: bucketOf(r.due_on, today),
    title,
    note: kind === 'suggestion' || kind === 'cadence' ? null : r.note,
    snoozed: Boolean(r.snoozed),
  };
}

/** Users created before the zone's offsets were stored get them (and their due dates) on first read. */
async function healZoneOffsets(db: Db, user: Pick<PublicUser, 'id' | 'time_zone'>): Promise<void> {
  const known = await db.all<{ one: number }>(sql`SELECT 1 AS one FROM time_zone_offsets WHERE time_zone = ${user.time_zone} LIMIT 1`);
  if (!known.length) await refreshUserDueDates(db, user.id, user.time_zone);
}
