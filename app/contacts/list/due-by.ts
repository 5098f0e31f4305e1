import { addDays, LAST_CALENDAR_DATE, localDate } from '../../../worker/domain/keep-in-touch/calendar-dates';
import type { DueValue } from './list-state';

/**
 * The "Due" filter of the page (today, this week, any) as the API's `due_by`: the last due
 * date it lets through, in the user's calendar. The page and its server agree on it.
 */
export function dueByOf(due: DueValue | null, timeZone: string, now = new Date()): string | undefined {
  if (!due) return undefined;
  const today = localDate(now, timeZone);
  // "Has a cadence": every due date there is, up to the last one the API takes.
  return due === 'today' ? today : due === 'week' ? addDays(today, 7) : LAST_CALENDAR_DATE;
}
