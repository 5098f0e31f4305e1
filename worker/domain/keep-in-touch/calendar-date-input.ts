import { z } from 'zod';
import { CADENCE_LIMITS, CADENCE_UNITS, LAST_CALENDAR_DATE, MAX_SNOOZE_DAYS, SNOOZE_DAYS_MESSAGE } from './calendar-dates';

// The input rules for dates, cadences, snoozes and follow-ups: apart from calendar-dates.ts,
// whose date arithmetic the browser runs too, so zod stays out of the browser's bundle.

export const cadenceSchema = z
  .object({
    every: z
      .number()
      .int('must be a whole number')
      .min(CADENCE_LIMITS.everyMin, `must be at least ${CADENCE_LIMITS.everyMin}`)
      .max(CADENCE_LIMITS.everyMax, `must be at most ${CADENCE_LIMITS.everyMax}`),
    unit: z.enum(CADENCE_UNITS),
  })
  .strict();

export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((s) => isRealDate(s), 'is not a day of the calendar');

function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  if (!y || !m || !d || y < 1900 || s > LAST_CALENDAR_DATE) return false;
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

export const snoozeDaysSchema = z
  .number({ error: SNOOZE_DAYS_MESSAGE })
  .int(SNOOZE_DAYS_MESSAGE)
  .min(1, SNOOZE_DAYS_MESSAGE)
  .max(MAX_SNOOZE_DAYS, SNOOZE_DAYS_MESSAGE);

/** "Snooze 1 day / 1 week / 1 month / until a date": the date it shows again, from today. */
export const snoozeInputSchema = z.union([
  z.object({ for: z.enum(['day', 'week', 'month']) }).strict(),
  z.object({ until: localDateSchema }).strict(),
  // The original API's form, kept: a number of days.
  z.object({ days: snoozeDaysSchema }).strict(),
]);

/** "Follow up in 3 days / 1 week / 1 month / on a date" after logging. */
export const followUpInputSchema = z.union([
  z.object({ in: z.enum(['3_days', '1_week', '1_month']) }).strict(),
  z.object({ on: localDateSchema }).strict(),
]);
