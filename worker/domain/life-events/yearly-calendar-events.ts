import type { UserStore } from '../../db/stores';
import { datesForFeed, type ContactDateRow } from '../dates/contact-date-queries';
import { addDays } from '../keep-in-touch/calendar-dates';
import { escapeText, icsDate } from '../keep-in-touch/ics';
import { RECURRING_LABEL } from './life-event-kinds';
import { recurringEvents } from './life-event-queries';
import { anniversaryTitle } from './yearly-dates';

/** How many yearly events, and how many contact dates, the calendar feed holds at most. */
const EVENTS_MAX = 500;
const DATES_MAX = 1000;

interface Yearly {
  uid: string;
  /** The first time it happened ("YYYY-MM-DD"). */
  start: string;
  summary: string;
  description: string[];
  url: string | null;
}

const isLeap = (y: number) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;

/**
 * One all-day VEVENT that comes back every year (RRULE:FREQ=YEARLY). A Feb 29 comes back on
 * February's last day, as on Home (Feb 28 in other years): a plain yearly rule from Feb 29 would
 * skip three years in four (RFC 5545 §3.3.10 drops invalid dates), so it starts on the month's
 * last day of its year and says BYMONTHDAY=-1.
 */
function yearlyEventLines(y: Yearly, stamp: string): string[] {
  const year = Number(y.start.slice(0, 4));
  const leapDay = y.start.slice(5) === '02-29';
  const start = leapDay ? `${y.start.slice(0, 4)}-02-${isLeap(year) ? 29 : 28}` : y.start;
  return [
    'BEGIN:VEVENT',
    `UID:${y.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(start)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(start, 1))}`,
    leapDay ? 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' : 'RRULE:FREQ=YEARLY',
    `SUMMARY:${escapeText(y.summary)}`,
    ...(y.description.length || y.url ? [`DESCRIPTION:${escapeText([...y.description, y.url].filter(Boolean).join('\n'))}`] : []),
    ...(y.url ? [`URL:${y.url}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dateTitle(d: ContactDateRow): string {
  if (d.kind === 'birthday') return 'Birthday';
  if (d.kind === 'anniversary') return anniversaryTitle(d.label);
  return d.label?.trim() || 'Date';
}

/**
 * The VEVENT lines of everything that comes back every year: the contacts' dates (birthdays,
 * anniversaries, their own dates) and the user's yearly life events (work anniversaries, wedding
 * days: ADR 036). A wedding that is also the contact's anniversary date comes once, as the date
 * (ADR 058). A date without a year starts in `today`'s year.
 */
export async function yearlyCalendarLines(store: UserStore, today: string, stamp: string, base: string | null): Promise<string[]> {
  const [month, day] = today.slice(5).split('-').map(Number) as [number, number];
  const [events, dates] = await store.db.batch([
    recurringEvents(store.db, store.userId, EVENTS_MAX),
    datesForFeed(store.db, store.userId, month * 100 + day, DATES_MAX),
  ]);
  const link = (contactId: string) => (base ? `${base}/contacts/${contactId}` : null);
  const yearly: Yearly[] = [
    ...dates.map(({ d, name }) => ({
      uid: `contact-date-${d.id}@kith`,
      start: `${pad(d.year ?? Number(today.slice(0, 4)), 4)}-${pad(d.month)}-${pad(d.day)}`,
      summary: `${name || 'Unnamed'}: ${dateTitle(d)}`,
      description: d.year ? [d.kind === 'birthday' ? `Born in ${d.year}` : `Since ${d.year}`] : [],
      url: link(d.contactId),
    })),
    ...events.flatMap(({ e, name }) =>
      e.happenedOn?.length === 10
        ? [
            {
              uid: `life-event-${e.id}@kith`,
              start: e.happenedOn,
              summary: `${name || 'Unnamed'}: ${RECURRING_LABEL[e.kind] ?? 'Anniversary'}`,
              description: [e.summary],
              url: link(e.contactId),
            },
          ]
        : [],
    ),
  ];
  return yearly.flatMap((y) => yearlyEventLines(y, stamp));
}
