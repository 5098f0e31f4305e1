import { nowIso } from '../../db/columns';
import { getUser } from '../auth/users';
import type { Deps } from '../deps';
import { agenda, type AgendaItem } from '../keep-in-touch/agenda';
import { localDate } from '../keep-in-touch/calendar-dates';
import { deletePushSubscription, markNotified, pushHourOf, subscriptionsToNotify } from './push-subscription-queries';
import { sendPush, type PushNotice } from './web-push';

/** Notices per device per day: the people due first; the rest are one "and N more" on Home. */
const PEOPLE_PER_DAY = 3;

/** What pushes: the user's reminders and accepted follow-ups due by today, cadences overdue. */
export function isPushed(item: AgendaItem): boolean {
  if (item.snoozed) return false;
  if (item.kind === 'reminder' || item.kind === 'follow_up') return item.bucket === 'today' || item.bucket === 'overdue';
  return item.kind === 'cadence' && item.bucket === 'overdue';
}

/** The hour of `now` in the user's zone (0-23), as the digest reads the zone's wall clock. */
export function localHour(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now)) % 24;
}

/** One notice per person (up to three), each opening their page with "Log it" one tap away. */
export function noticesFor(items: AgendaItem[]): PushNotice[] {
  const people = items.slice(0, PEOPLE_PER_DAY).map((item): PushNotice => ({
    title: item.contact_name || 'Someone to keep in touch with',
    body: item.kind === 'cadence' ? `${item.title} — overdue since ${item.due_on}` : item.title,
    url: `/contacts/${item.contact_id}?log`,
    tag: `kith:${item.id}`,
  }));
  const more = items.length - people.length;
  return more > 0 ? [...people, { title: 'Kith', body: `And ${more} more due today`, url: '/home', tag: 'kith:more' }] : people;
}

export type PushRun = { status: 'off' | 'not_now' | 'nothing_due' | 'done'; sent: number; dropped: number; retry: number };

/**
 * The user's due reminders pushed to each device, once a day at their chosen hour in their time
 * zone (run every quarter hour by the cron; idempotent: a device notified today is skipped).
 * A device whose push service says it is gone is dropped; if any other failed, the run throws
 * so the queue retries it, and the devices already notified are not notified again.
 */
export async function pushDueReminders(deps: Deps, now = new Date()): Promise<PushRun> {
  const vapid = deps.settings.VAPID;
  const user = await getUser(deps.directory.db, deps.store.userId);
  if (!vapid || !user) return { status: 'off', sent: 0, dropped: 0, retry: 0 };
  if (localHour(now, user.time_zone) !== (await pushHourOf(deps.store))) return { status: 'not_now', sent: 0, dropped: 0, retry: 0 };
  const today = localDate(now, user.time_zone);
  const devices = await subscriptionsToNotify(deps.store, today);
  if (!devices.length) return { status: 'done', sent: 0, dropped: 0, retry: 0 };
  const { items } = await agenda(deps.db, user, { now, until: today, pageSize: 50 });
  const notices = noticesFor(items.filter(isPushed));
  const run: PushRun = { status: notices.length ? 'done' : 'nothing_due', sent: 0, dropped: 0, retry: 0 };
  for (const device of devices) {
    const outcomes = [];
    for (const notice of notices) outcomes.push(await sendPush({ ...deps.settings, VAPID: vapid }, device, notice));
    if (outcomes.includes('gone')) {
      await deletePushSubscription(deps.store, device.id);
      run.dropped++;
    } else if (outcomes.includes('retry')) run.retry++;
    else {
      await markNotified(deps.store, device.id, today, nowIso());
      if (notices.length) run.sent++;
    }
  }
  if (run.retry) throw new Error(`Push reminders: ${run.retry} device(s) did not take the notification; the queue retries`);
  return run;
}
