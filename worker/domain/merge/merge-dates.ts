import type { ContactDateRow } from '../dates/contact-date-queries';
import { IMPORTANT_DATE_LIMITS } from '../dates/important-date-limits';

/** What a merge does to the dates it moves (merge-move-queries.ts settleDates runs it). */
export interface DatePlan {
  /** Birthdays not chosen: kept as custom dates labelled with whose birthday it was. */
  relabel: { id: string; label: string }[];
  /** Exact copies (kind, label, day, month and year) of a date the survivor keeps. */
  drop: string[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 May 1990", or "3 May" without a year: how the preview shows a date. */
export const dateText = (d: Pick<ContactDateRow, 'day' | 'month' | 'year'>) =>
  `${d.day} ${MONTHS[d.month - 1]}${d.year === null ? '' : ` ${d.year}`}`;

const sameDate = (a: ContactDateRow, b: ContactDateRow) => a.month === b.month && a.day === b.day && a.year === b.year;
const sameEntry = (a: ContactDateRow, b: ContactDateRow) => a.kind === b.kind && (a.label ?? '') === (b.label ?? '') && sameDate(a, b);

/** The birthday the merged contact keeps: the chosen side's, else the survivor's, else the first other's. */
export function keptBirthday(survivorId: string, others: string[], dates: ContactDateRow[], choice?: 'this' | 'other') {
  const birthdayOf = (id: string) => dates.find((d) => d.contactId === id && d.kind === 'birthday');
  const fromOther = others.map(birthdayOf).find(Boolean);
  if (choice === 'other' && others.length === 1 && fromOther) return fromOther;
  return birthdayOf(survivorId) ?? fromOther;
}

/**
 * A contact has one birthday: where both have one and they differ, the one not chosen stays as a
 * custom date "Birthday (name)", so no date is lost. Copies of a date the survivor holds go.
 */
export function planDates(
  survivorId: string,
  others: string[],
  dates: ContactDateRow[],
  names: Map<string, string>,
  choice?: 'this' | 'other',
): DatePlan {
  const plan: DatePlan = { relabel: [], drop: [] };
  const birthday = keptBirthday(survivorId, others, dates, choice);
  const kept: ContactDateRow[] = birthday ? [birthday] : [];
  const order = [survivorId, ...others];
  const ordered = [...dates].sort((a, b) => order.indexOf(a.contactId) - order.indexOf(b.contactId));
  for (const date of ordered) {
    if (date === birthday) continue;
    if (date.kind === 'birthday' && birthday) {
      if (sameDate(date, birthday)) {
        plan.drop.push(date.id);
        continue;
      }
      const label = `Birthday (${names.get(date.contactId) || 'merged contact'})`.slice(0, IMPORTANT_DATE_LIMITS.label);
      plan.relabel.push({ id: date.id, label });
      kept.push({ ...date, kind: 'custom', label });
      continue;
    }
    if (date.contactId !== survivorId && kept.some((k) => sameEntry(k, date))) plan.drop.push(date.id);
    else kept.push(date);
  }
  return plan;
}
