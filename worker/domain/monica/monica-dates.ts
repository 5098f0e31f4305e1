import type { ImportedDate } from '../imports/vcard-to-record';
import type { MonicaSpecialDate } from '../../providers/monica/monica-types';

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Monica's special date (birthdate, deceased, first met) as month, day and a year unless unknown; null when unset. */
export function specialDate(d: MonicaSpecialDate | null | undefined): Omit<ImportedDate, 'kind' | 'label'> | null {
  const m = d?.date ? DAY.exec(d.date) : null;
  if (!m) return null;
  return { month: Number(m[2]), day: Number(m[3]), year: d!.is_year_unknown ? null : Number(m[1]) };
}

/** "1985-03-14", or "--03-14" when the year is unknown. */
export function specialDateText(d: MonicaSpecialDate | null | undefined): string | null {
  const s = specialDate(d);
  if (!s) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${s.year === null ? '-' : s.year}-${pad(s.month)}-${pad(s.day)}`;
}

/** The day of a Monica timestamp or date ("2024-05-01T10:00:00Z", "2024-05-01") as a full ISO instant; noon when only a day. */
export function instant(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T12:00:00.000Z`;
  const t = Date.parse(value.replace(' ', 'T'));
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** The first date on or after `today` of a reminder that repeats every n weeks, months or years from `first`. */
export function nextOccurrence(first: string, unit: string, n: number, today: string): string {
  const d = new Date(`${first}T00:00:00Z`);
  for (let i = 0; d.toISOString().slice(0, 10) < today && i < 10_000; i++) {
    if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7 * n);
    else if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + n);
    else d.setUTCFullYear(d.getUTCFullYear() + n);
  }
  return d.toISOString().slice(0, 10);
}
