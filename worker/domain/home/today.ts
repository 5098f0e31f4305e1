import type { Db } from '../../db/client';
import type { PublicUser } from '../auth/users';
import { upcomingDates, type UpcomingDate } from '../dates/important-dates';
import { listFollowups, type FollowupView } from '../followups/followups';
import { agenda, type AgendaItem } from '../keep-in-touch/agenda';
import { upcomingYearlyEvents, whatsNew, type UpcomingYearlyEvent, type WhatsNew } from '../life-events/whats-new';
import { toInteractionView, type InteractionView } from '../timeline/interaction-view';
import {
  anyContact,
  countContactsToGeocode,
  countContactsToPurge,
  goingColdContacts,
  recentInteractions,
  unfinishedImports,
} from './home-queries';

/** High-priority contacts not heard from in this many days are "going cold". */
export const GOING_COLD_DAYS = 21;

export interface ColdContact {
  id: string;
  full_name: string;
  avatar_url: string | null;
  relationship_score: number;
  last_interaction_at: string | null;
}

export interface TodayView {
  /** False for an account with no contact yet: Home shows how to start. */
  has_contacts: boolean;
  /** Reminders, cadence dues and suggestions through the next 7 days, overdue first (the user's today). */
  agenda: { today: string; items: AgendaItem[]; total: number };
  followups: FollowupView[];
  recent: (InteractionView & { contact_name: string })[];
  upcoming_dates: UpcomingDate[];
  /** Yearly life events (work anniversaries, wedding days) in the next 7 days. */
  upcoming_anniversaries: UpcomingYearlyEvent[];
  /** Life events found and waiting, and this week's events across the network. */
  whats_new: WhatsNew;
  going_cold: ColdContact[];
  jobs: {
    imports: { id: string; kind: string; status: string; total: number; processed: number }[];
    geocoding_pending: number;
    purge_pending: number;
  };
}

/** Everything Home shows for today (one agenda of what is due, dates, people going cold), in a handful of indexed queries. */
export async function today(db: Db, user: PublicUser, now = new Date()): Promise<TodayView> {
  const coldBefore = new Date(now.getTime() - GOING_COLD_DAYS * 86_400_000).toISOString();
  const [due, followups, dates, anniversaries, news, [recentRows, cold, running, pending, purging, someContact]] = await Promise.all([
    agenda(db, user, { now, pageSize: 50 }),
    listFollowups(db, user.id, { limit: 10, now }),
    upcomingDates(db, user.id, user.time_zone, now, 7),
    upcomingYearlyEvents(db, user.id, user.time_zone, now, 7),
    whatsNew(db, user.id, now),
    db.batch([
      recentInteractions(db, user.id, now.toISOString()),
      goingColdContacts(db, user.id, coldBefore),
      unfinishedImports(db, user.id),
      countContactsToGeocode(db, user.id),
      countContactsToPurge(db, user.id),
      anyContact(db, user.id),
    ]),
  ]);
  return {
    has_contacts: someContact.length > 0,
    agenda: { today: due.today, items: due.items, total: due.total },
    followups,
    recent: recentRows.map(({ i, name }) => ({ ...toInteractionView(i), contact_name: name })),
    upcoming_dates: dates,
    upcoming_anniversaries: anniversaries,
    whats_new: news,
    going_cold: cold,
    jobs: { imports: running, geocoding_pending: pending[0]?.n ?? 0, purge_pending: purging[0]?.n ?? 0 },
  };
}
