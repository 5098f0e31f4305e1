import type { Settings } from '../../env';
import { appOrigin } from '../settings/app-origin';
import { getUser } from '../auth/users';
import { findInUserDatabases, type ServerDeps } from '../deps';
import { agenda, type AgendaItem } from './agenda';
import { addDays, localDate } from './calendar-dates';
import { calendarText, escapeText, icsDate, icsDateTime } from './ics';
import { userOfCalendarToken } from './keep-in-touch-settings';
import { yearlyCalendarLines } from '../life-events/yearly-calendar-events';

/** How far ahead the feed reaches, and how many items it holds at most. */
const FEED_DAYS = 366;
const FEED_MAX = 500;

/**
 * The iCalendar text of a feed token's agenda: one all-day VEVENT per due item, UID stable per
 * item. Overdue items sit on today, so they stay in sight. null for an unknown token.
 */
export async function calendarFeed(
  server: ServerDeps,
  token: string,
  settings: Pick<Settings, 'APP_URL'>,
  now = new Date(),
): Promise<string | null> {
  // The token names no user: each user database is asked (docs/decisions/015).
  const [owner] = await findInUserDatabases(server, async (db) => {
    const userId = await userOfCalendarToken(db, token);
    return userId ? [{ userId }] : [];
  });
  const user = owner ? await getUser(server.directory.db, owner.deps.store.userId) : null;
  if (!owner || !user) return null;
  const { items, today } = await agenda(owner.deps.db, user, {
    until: addDays(localDate(now, user.time_zone), FEED_DAYS),
    pageSize: FEED_MAX,
    now,
  });
  const stamp = icsDateTime(now);
  // Links to the contact under APP_URL only; without it the events carry none.
  const base = appOrigin(settings);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kith//Keep in touch//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText('Kith: keep in touch')}`,
  ];
  for (const item of items) lines.push(...eventLines(item, today, stamp, base));
  // Birthdays and the contacts' other dates, work anniversaries, wedding days: every year (ADR 036, 049, 058).
  lines.push(...(await yearlyCalendarLines(owner.deps.store, today, stamp, base)));
  lines.push('END:VCALENDAR');
  return calendarText(lines);
}

function eventLines(item: AgendaItem, today: string, stamp: string, base: string | null): string[] {
  const on = item.due_on < today ? today : item.due_on;
  const summary = `${item.contact_name || 'Unnamed'}: ${item.title}`;
  const description = [
    item.due_on < today ? `Due since ${item.due_on}` : null,
    item.note && item.note !== item.title ? item.note : null,
    base ? `${base}/contacts/${item.contact_id}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${item.type}-${item.ref}@kith`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(on)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(on, 1))}`,
    `SUMMARY:${escapeText(summary)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(base ? [`URL:${base}/contacts/${item.contact_id}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}
