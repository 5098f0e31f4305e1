import { z } from 'zod';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import { AppError, notFound } from '../errors';
import { recordDateSourcesStatement } from '../sources/date-source-queries';
import { dateKey } from '../sources/field-values';
import { TYPED, type ValueSource } from '../sources/source-kinds';
import { assertContactExists } from '../timeline/list-timeline';
import { singleLineText } from '../text-input';
import { IMPORTANT_DATE_LIMITS as LIMITS } from './important-date-limits';
import {
  birthdayOf,
  datesOfContact,
  datesOfContactsAmong,
  datesOnDays,
  deleteOwnContactDate,
  insertContactDate,
  ownContactDate,
  replaceContactDate,
  type ContactDateRow,
} from './contact-date-queries';

/** The statement recording where a date just written came from (ADR 038). */
const sourceOf = (userId: string, date: ContactDateRow, source: ValueSource) => [recordDateSourcesStatement(userId, [date], source)!];

export const dateInputSchema = z
  .object({
    kind: z.enum(['birthday', 'anniversary', 'custom']),
    label: singleLineText(LIMITS.label).trim().nullable().optional(),
    month: z.number().int().min(LIMITS.monthMin).max(LIMITS.monthMax),
    day: z.number().int().min(LIMITS.dayMin).max(LIMITS.dayMax),
    year: z.number().int().min(LIMITS.yearMin).max(LIMITS.yearMax).nullable().optional(),
  })
  .strict()
  .refine((d) => d.day <= new Date(Date.UTC(2024, d.month, 0)).getUTCDate(), { message: 'is not a day of that month', path: ['day'] })
  .refine((d) => d.kind !== 'custom' || Boolean(d.label?.trim()), { message: 'a custom date needs a label', path: ['label'] });

export interface DateView {
  id: string;
  contact_id: string;
  kind: 'birthday' | 'anniversary' | 'custom';
  label: string | null;
  month: number;
  day: number;
  year: number | null;
}

/** A stored date as the contact page and the API show it. */
export const dateViewOf = (r: ContactDateRow): DateView => ({
  id: r.id,
  contact_id: r.contactId,
  kind: r.kind,
  label: r.label,
  month: r.month,
  day: r.day,
  year: r.year,
});

export async function listContactDates(db: Db, userId: string, contactId: string): Promise<DateView[]> {
  await assertContactExists(db, userId, contactId);
  return readContactDates(db, userId, contactId);
}

/** listContactDates for a caller that has just read the contact itself (the contact page). */
export async function readContactDates(db: Db, userId: string, contactId: string): Promise<DateView[]> {
  const rows = await datesOfContact(db, userId, contactId);
  return rows.map(dateViewOf);
}

/** The dates of many contacts, by contact id, 90 ids per query (D1's bound-parameter limit). */
export async function datesOfContacts(db: Db, userId: string, contactIds: string[]): Promise<Map<string, DateView[]>> {
  const byContact = new Map<string, DateView[]>();
  for (let i = 0; i < contactIds.length; i += 90) {
    const rows = await datesOfContactsAmong(db, userId, contactIds.slice(i, i + 90));
    for (const r of rows) byContact.set(r.contactId, [...(byContact.get(r.contactId) ?? []), dateViewOf(r)]);
  }
  return byContact;
}

export async function addContactDate(
  db: Db,
  userId: string,
  contactId: string,
  input: z.infer<typeof dateInputSchema>,
  source: ValueSource = TYPED,
): Promise<DateView> {
  await assertContactExists(db, userId, contactId);
  if (input.kind === 'birthday') {
    const existing = await birthdayOf(db, contactId);
    if (existing) throw new AppError('conflict', 'This contact already has a birthday; delete it first');
  }
  const row = {
    id: newId(),
    userId,
    contactId,
    kind: input.kind,
    label: input.label?.trim() || null,
    month: input.month,
    day: input.day,
    year: input.year ?? null,
    createdAt: nowIso(),
  };
  await runStatements(db, [insertContactDate(db, row), ...sourceOf(userId, row, source)]);
  return dateViewOf(row);
}

/** Changes a date in place (the contact page's edit); a second birthday is refused as on add. */
export async function updateContactDate(
  db: Db,
  userId: string,
  contactId: string,
  id: string,
  input: z.infer<typeof dateInputSchema>,
  source: ValueSource = TYPED,
): Promise<DateView> {
  const row = await ownContactDate(db, userId, contactId, id);
  if (!row) throw notFound('Date');
  if (input.kind === 'birthday' && row.kind !== 'birthday') {
    const existing = await birthdayOf(db, contactId);
    if (existing) throw new AppError('conflict', 'This contact already has a birthday; delete it first');
  }
  const next = {
    ...row,
    kind: input.kind,
    label: input.label?.trim() || null,
    month: input.month,
    day: input.day,
    year: input.year ?? null,
  };
  // Another day is a new value with its writer's source; a new label on the same day keeps it.
  const moved = dateKey(next) !== dateKey(row);
  await runStatements(db, [replaceContactDate(db, userId, id, next), ...(moved ? sourceOf(userId, next, source) : [])]);
  return dateViewOf(next);
}

export async function deleteContactDate(db: Db, userId: string, contactId: string, id: string): Promise<void> {
  const rows = await deleteOwnContactDate(db, userId, contactId, id);
  if (!rows.length) throw notFound('Date');
}

/** The calendar days (month, day) from `today` through `days` ahead, in the user's time zone. */
export function upcomingDays(now: Date, timeZone: string, days: number): { month: number; day: number; offset: number }[] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  const start = Date.UTC(parts[0]!, parts[1]! - 1, parts[2]!);
  return Array.from({ length: days + 1 }, (_, offset) => {
    const d = new Date(start + offset * 86_400_000);
    return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), offset };
  });
}

export interface UpcomingDate extends DateView {
  contact_name: string;
  in_days: number;
  turns: number | null;
}

/** Dates falling within the next `days` days (inclusive of today), soonest first. Feb 29 shows on Feb 28 in other years. */
export async function upcomingDates(db: Db, userId: string, timeZone: string, now = new Date(), days = 7): Promise<UpcomingDate[]> {
  const window = upcomingDays(now, timeZone, days);
  const isLeap = (y: number) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
  const year = now.getUTCFullYear();
  const keys = window.map((w) => ({ ...w }));
  if (!isLeap(year) && keys.some((k) => k.month === 2 && k.day === 28))
    keys.push({ month: 2, day: 29, offset: keys.find((k) => k.month === 2 && k.day === 28)!.offset });
  const rows = await datesOnDays(db, userId, keys);
  return rows
    .map(({ d, name }) => {
      const offset = keys.find((k) => k.month === d.month && k.day === d.day)!.offset;
      const occursYear = new Date(now.getTime() + offset * 86_400_000).getUTCFullYear();
      return { ...dateViewOf(d), contact_name: name, in_days: offset, turns: d.year ? occursYear - d.year : null };
    })
    .sort((a, b) => a.in_days - b.in_days || a.contact_name.localeCompare(b.contact_name));
}
