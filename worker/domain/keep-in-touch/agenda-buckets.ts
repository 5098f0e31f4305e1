import { addDays } from './calendar-dates';

export type AgendaBucket = 'overdue' | 'today' | 'this_week' | 'later';

/** Which part of the agenda a due date falls in, seen from `today` (both local dates). */
export function bucketOf(dueOn: string, today: string): AgendaBucket {
  if (dueOn < today) return 'overdue';
  if (dueOn === today) return 'today';
  return dueOn <= addDays(today, 7) ? 'this_week' : 'later';
}
