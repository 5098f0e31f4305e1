/**
 * Calendar dates ("YYYY-MM-DD") in the user's time zone. Dues are dates, not instants: a DST
 * change never moves one, and "in a month" adds a calendar month, clamped to the month's end
 * (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year).
 */
export type CadenceUnit = 'day' | 'week' | 'month';
export interface Cadence {
  every: number;
  unit: CadenceUnit;
}

export const CADENCE_UNITS = ['day', 'week', 'month'] as const;
/** A cadence is every 1 to 1000 of its unit (calendar-date-input.ts refuses the rest). */
export const CADENCE_LIMITS = { everyMin: 1, everyMax: 1000 } as const;
/** The last date Kith takes as input (calendar-date-input.ts refuses years past 2200). */
export const LAST_CALENDAR_DATE = '2200-12-31';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const toDate = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The calendar date of an instant in a time zone. */
export function localDate(instant: Date | string, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return toDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** Adds calendar months; a day the target month lacks becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return toDate(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

export function addCadence(date: string, cadence: Cadence): string {
  if (cadence.unit === 'month') return addMonths(date, cadence.every);
  return addDays(date, cadence.unit === 'week' ? cadence.every * 7 : cadence.every);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [a, b] = [parts(from), parts(to)];
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000);
}

/**
 * The next due date: the local date of the last interaction (or of the contact's creation),
 * or the anchor when later, plus the cadence; a later snooze wins. The same rule as the
 * contacts_next_due triggers of migrations/0022_keep_in_touch.sql.
 */
export function nextDueDate(input: {
  lastContactAt: string;
  cadence: Cadence | null;
  timeZone: string;
  anchor?: string | null;
  snoozedUntil?: string | null;
}): string | null {
  if (!input.cadence) return null;
  const from = localDate(input.lastContactAt, input.timeZone);
  const base = input.anchor && input.anchor > from ? input.anchor : from;
  const due = addCadence(base, input.cadence);
  return input.snoozedUntil && input.snoozedUntil > due ? input.snoozedUntil : due;
}

/** The instant a local date begins in a time zone (for stores that keep instants). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [y, m, d] = parts(date);
  let guess = Date.UTC(y, m - 1, d);
  // Two corrections settle even across a DST change at midnight.
  for (let i = 0; i < 2; i++) guess = Date.UTC(y, m - 1, d) - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** The zone's UTC offset at an instant, in minutes (east positive). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const wallClock = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

export function offsetMinutes(at: Date, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const x of wallClock(timeZone).formatToParts(at)) if (x.type !== 'literal') p[x.type] = Number(x.value);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** A snooze lasts 1 to 365 days, whichever way it is given (days, a period or a date). */
export const MAX_SNOOZE_DAYS = 365;
export const SNOOZE_DAYS_MESSAGE = `must be a whole number from 1 to ${MAX_SNOOZE_DAYS}`;
/** "Snooze 1 day / 1 week / 1 month / until a date" (or, the original API's form, a number of days). */
export type SnoozeInput = { for: 'day' | 'week' | 'month' } | { until: string } | { days: number };

export function snoozeTarget(today: string, input: SnoozeInput): string {
  if ('until' in input) return input.until;
  if ('days' in input) return addDays(today, input.days);
  return input.for === 'month' ? addMonths(today, 1) : addDays(today, input.for === 'week' ? 7 : 1);
}

/** "Follow up in 3 days / 1 week / 1 month / on a date" after logging. */
export type FollowUpInput = { in: '3_days' | '1_week' | '1_month' } | { on: string };

export function followUpDate(today: string, input: FollowUpInput): string {
  if ('on' in input) return input.on;
  return input.in === '1_month' ? addMonths(today, 1) : addDays(today, input.in === '1_week' ? 7 : 3);
}
