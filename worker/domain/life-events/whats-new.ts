import type { Db } from '../../db/client';
import { upcomingDays } from '../dates/important-dates';
import { RECURRING_LABEL } from './life-event-kinds';
import { eventCountOfUser, eventsOfUserPage, recurringOnDays } from './life-event-queries';
import { networkEventViewOf, type NetworkLifeEventView } from './life-event-view';

/** How many of each list Home shows; the API pages through the rest. */
const HOME_SIZE = 10;
const WEEK_MS = 7 * 86_400_000;

export interface WhatsNew {
  /** Found events waiting for the user, newest first. */
  proposals: NetworkLifeEventView[];
  proposals_total: number;
  /** Events accepted or added in the last 7 days, newest first: a reason to get in touch. */
  this_week: NetworkLifeEventView[];
}

/** Home's "What's new": the proposals waiting and this week's events across the network, in one batch. */
export async function whatsNew(db: Db, userId: string, now = new Date()): Promise<WhatsNew> {
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const [proposals, [counted], recent] = await db.batch([
    eventsOfUserPage(db, userId, 'proposed', HOME_SIZE),
    eventCountOfUser(db, userId, 'proposed'),
    eventsOfUserPage(db, userId, 'accepted', HOME_SIZE, 0, since),
  ]);
  return {
    proposals: proposals.map(networkEventViewOf),
    proposals_total: counted?.total ?? 0,
    this_week: recent.map(networkEventViewOf),
  };
}

export interface UpcomingYearlyEvent {
  event: NetworkLifeEventView;
  /** "Work anniversary", "Wedding anniversary"... */
  title: string;
  in_days: number;
  /** How many years it will be, when its year is known. */
  years: number | null;
}

const mmdd = (month: number, day: number) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Yearly events (work anniversaries, wedding days) falling within the next `days` days, soonest first. Feb 29 shows on Feb 28 in other years. */
export async function upcomingYearlyEvents(
  db: Db,
  userId: string,
  timeZone: string,
  now = new Date(),
  days = 7,
): Promise<UpcomingYearlyEvent[]> {
  const window = upcomingDays(now, timeZone, days);
  const offsets = new Map(window.map((w) => [mmdd(w.month, w.day), w.offset]));
  const feb28 = offsets.get('02-28');
  if (feb28 !== undefined && !offsets.has('02-29')) offsets.set('02-29', feb28);
  const rows = await recurringOnDays(db, userId, [...offsets.keys()]);
  return rows
    .map((row) => {
      const event = networkEventViewOf(row);
      const inDays = offsets.get(row.e.recursOn!)!;
      const year = new Date(now.getTime() + inDays * 86_400_000).getUTCFullYear();
      const since = event.happened_on ? year - Number(event.happened_on.slice(0, 4)) : null;
      return { event, title: RECURRING_LABEL[event.kind] ?? 'Anniversary', in_days: inDays, years: since && since > 0 ? since : null };
    })
    .sort((a, b) => a.in_days - b.in_days || a.event.contact_name.localeCompare(b.event.contact_name));
}
