import type { BirthdayRow } from './family-queries';

export interface BirthdayView {
  month: number;
  day: number;
  year: number | null;
  /** Their age today, when the year is known. */
  age: number | null;
  /** The next birthday on or after today (YYYY-MM-DD); 29 February falls on 28 February in other years. */
  next: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const dayIn = (year: number, month: number, day: number) => (month === 2 && day === 29 && !isLeap(year) ? 28 : day);

/** A birthday seen from `today` (the user's local date, YYYY-MM-DD). */
export function birthdayView(b: BirthdayRow, today: string): BirthdayView {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const thisYear = dayIn(y, b.month, b.day);
  const passed = b.month < m || (b.month === m && thisYear < d);
  const nextYear = passed ? y + 1 : y;
  const age = b.year && b.year <= y ? y - b.year - (passed || (b.month === m && thisYear === d) ? 0 : 1) : null;
  return {
    month: b.month,
    day: b.day,
    year: b.year,
    age: age !== null && age >= 0 ? age : null,
    next: `${nextYear}-${pad(b.month)}-${pad(dayIn(nextYear, b.month, b.day))}`,
  };
}
