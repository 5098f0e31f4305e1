import type { Db } from '../../db/client';
import type { PublicUser } from '../auth/users';
import { bucketOf, type AgendaBucket } from './agenda-buckets';
import { readAgendaPage, type AgendaRow } from './agenda-queries';
import { addDays, localDate } from './calendar-dates';
import { describeCadence } from './cadence-defaults';
import { refreshUserDueDates } from './zone-offsets';

/** What an agenda item is: the user's reminder, a follow-up set after logging, a cadence due, or a generated suggestion. */
export type AgendaKind = 'reminder' | 'follow_up' | 'cadence' | 'suggestion';
/** Which store an item lives in, for done / snooze / dismiss. */
export type AgendaType = 'reminder' | 'cadence' | 'followup';
// Apart, so the browser's offline agenda buckets dues without this module's queries.
export { bucketOf, type AgendaBucket } from './agenda-buckets';

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
export async function agenda(
  db: Db,
  user: Pick<PublicUser, 'id' | 'time_zone'>,
  options: AgendaOptions = {},
): Promise<{ items: AgendaItem[]; total: number; today: string }> {
  const now = options.now ?? new Date();
  const today = localDate(now, user.time_zone);
  const until = options.until ?? addDays(today, 7);
  const pageSize = Math.min(Math.max(1, options.pageSize ?? 50), 200);
  const offset = (Math.max(1, options.page ?? 1) - 1) * pageSize;
  const page = { until, contactId: options.contactId, limit: pageSize, offset };
  let read = await readAgendaPage(db, user, page);
  // Users created before the zone's offsets were stored get them (and their due dates) on
  // first read, and the page is read again with them.
  if (!read.zoneKnown) {
    await refreshUserDueDates(db, user.id, user.time_zone);
    read = await readAgendaPage(db, user, page);
  }
  return { items: read.rows.map((r) => toItem(r, today)), total: read.total, today };
}

function toItem(r: AgendaRow, today: string): AgendaItem {
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
