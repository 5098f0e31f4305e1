import type { Db } from '../../db/client';
import { addDays } from '../keep-in-touch/calendar-dates';
import { escapeText, icsDate } from '../keep-in-touch/ics';
import { RECURRING_LABEL } from './life-event-kinds';
import { recurringEvents } from './life-event-queries';

/** How many yearly events the calendar feed holds at most. */
const FEED_MAX = 500;

/**
 * The VEVENT lines of the user's yearly life events for the calendar feed: one all-day event
 * a year from the day it happened (RRULE:FREQ=YEARLY), so a calendar shows every anniversary.
 */
export async function yearlyEventLines(db: Db, userId: string, stamp: string, base: string | null): Promise<string[]> {
  const rows = await recurringEvents(db, userId, FEED_MAX);
  return rows.flatMap(({ e, name }) => {
    if (!e.happenedOn || e.happenedOn.length !== 10) return [];
    const url = base ? `${base}/contacts/${e.contactId}` : null;
    return [
      'BEGIN:VEVENT',
      `UID:life-event-${e.id}@kith`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(e.happenedOn)}`,
      `DTEND;VALUE=DATE:${icsDate(addDays(e.happenedOn, 1))}`,
      'RRULE:FREQ=YEARLY',
      `SUMMARY:${escapeText(`${name || 'Unnamed'}: ${RECURRING_LABEL[e.kind] ?? 'Anniversary'}`)}`,
      `DESCRIPTION:${escapeText([e.summary, url].filter(Boolean).join('\n'))}`,
      ...(url ? [`URL:${url}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ];
  });
}
