import type { DateView } from '../dates/important-dates';
import { localDate } from '../keep-in-touch/calendar-dates';
import type { LifeEventView } from './life-event-view';
import { isSameAnniversary } from './same-anniversary';

/**
 * A contact's anniversary date as the Life section shows it (ADR 049): read from the contact's
 * dates, never copied into life events, so the phone's card and the section stay one fact.
 */
export interface YearlyDateView {
  /** The contact date it is read from (edited and deleted in the dates card). */
  date_id: string;
  title: string;
  month: number;
  day: number;
  year: number | null;
  /** The next time it comes round, in the user's time zone ("YYYY-MM-DD"; today counts). */
  next_on: string;
  in_days: number;
  /** How many years it will be then, when its year is known. */
  years: number | null;
  /** The contact's yearly wedding event on the same day, shown as this one entry (ADR 058). */
  event_id: string | null;
}

const isLeap = (y: number) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
const pad = (n: number) => String(n).padStart(2, '0');

/** The day a month/day falls on in `year`: Feb 29 is kept on Feb 28 in other years, as on Home. */
const dayIn = (year: number, month: number, day: number) =>
  `${year}-${pad(month)}-${pad(month === 2 && day === 29 && !isLeap(year) ? 28 : day)}`;

/** What an anniversary date is called: its label, or "Wedding anniversary" for a plain one (a card's default). */
export const anniversaryTitle = (label: string | null) =>
  !label?.trim() || /^anniversary$/i.test(label.trim()) ? 'Wedding anniversary' : label.trim();

/** The contact's anniversaries, as yearly entries for the Life section, soonest first; `events` are the contact's shown beside them. */
export function yearlyDatesOf(dates: DateView[], timeZone: string, events: LifeEventView[] = [], now = new Date()): YearlyDateView[] {
  const today = localDate(now, timeZone);
  const thisYear = Number(today.slice(0, 4));
  return dates
    .filter((d) => d.kind === 'anniversary')
    .map((d) => {
      const thisTime = dayIn(thisYear, d.month, d.day);
      const next = thisTime >= today ? thisTime : dayIn(thisYear + 1, d.month, d.day);
      const nextYear = Number(next.slice(0, 4));
      const years = d.year && nextYear > d.year ? nextYear - d.year : null;
      return {
        date_id: d.id,
        title: anniversaryTitle(d.label),
        month: d.month,
        day: d.day,
        year: d.year,
        next_on: next,
        in_days: Math.round((Date.parse(next) - Date.parse(today)) / 86_400_000),
        years,
        event_id: events.find((e) => isSameAnniversary(e, d))?.id ?? null,
      };
    })
    .sort((a, b) => a.in_days - b.in_days);
}
