import { parseCardDate, type ImportedDate } from './vcard-to-record';

export type CalendarDate = Omit<ImportedDate, 'kind' | 'label'>;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// Outlook writes "0/0/00" (and some versions "1/1/4501") for "no date".
const PLACEHOLDER = /^(0{1,2}[/.-]0{1,2}[/.-]0{2,4}|1[/.-]1[/.-]4501|0000-00-00)$/;

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** "85" -> 1985, "18" -> 2018: a two-digit year is the latest one not in the future. */
function fullYear(text: string, now = new Date()): number {
  if (text.length !== 2) return Number(text);
  const year = 2000 + Number(text);
  return year > now.getUTCFullYear() ? year - 100 : year;
}

function checked(month: number, day: number, year: number | null): CalendarDate | null {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2024, month, 0)).getUTCDate())) return null;
  if (year !== null && month === 2 && day === 29 && new Date(Date.UTC(year, 1, 29)).getUTCMonth() !== 1) return null;
  return { month, day, year: year !== null && year >= 1900 && year <= 2100 ? year : null };
}

/**
 * A date as address books write it in CSV: ISO and vCard forms ("1985-03-14", "--03-14" for no
 * year), Outlook's "3/14/1985" (day first when the first number cannot be a month), "14.03.1985",
 * LinkedIn's "14 Mar 2024" and "Mar 14, 2024". `undefined` for an empty cell or an Outlook
 * placeholder, `null` for text that is no date.
 */
export function parseImportedDate(value: string): CalendarDate | null | undefined {
  const v = value.trim();
  if (!v || PLACEHOLDER.test(v)) return undefined;
  const iso = parseCardDate(v);
  if (iso) return iso;
  const numeric = v.match(/^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/);
  if (numeric) {
    const [a, b, year] = [Number(numeric[1]), Number(numeric[3]), fullYear(numeric[4]!)];
    // "14.03.1985" is day first wherever dots are used; slashes are Outlook's month first.
    const dayFirst = numeric[2] === '.' || (a > 12 && b <= 12);
    return dayFirst ? checked(b, a, year) : checked(a, b, year);
  }
  const dmy = v.match(/^(\d{1,2})\.?\s+([A-Za-z]{3,})\.?,?\s+(\d{4})$/);
  if (dmy && monthOf(dmy[2]!)) return checked(monthOf(dmy[2]!), Number(dmy[1]), Number(dmy[3]));
  const mdy = v.match(/^([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/);
  if (mdy && monthOf(mdy[1]!)) return checked(monthOf(mdy[1]!), Number(mdy[2]), Number(mdy[3]));
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The form Kith's export writes and Google's CSV uses: "1985-03-14", or "--03-14" without a year. */
export const isoDate = (d: CalendarDate) => `${d.year === null ? '-' : String(d.year)}-${pad(d.month)}-${pad(d.day)}`;

/** "Connected On" as YYYY-MM-DD; a date without a year cannot say when a relationship started. */
export function parseConnectedOn(value: string): string | null {
  const d = parseImportedDate(value);
  return d && d.year !== null ? isoDate(d) : null;
}
