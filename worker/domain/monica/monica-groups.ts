import { nowIso } from '../../db/columns';
import type { MonicaContact, MonicaGroup } from '../../providers/monica/monica-types';
import { tagNorm } from '../contacts/normalize';
import { CADENCE_LIMITS } from '../keep-in-touch/calendar-dates';
import { whyNotATag } from '../tags/name-as-tag';
import type { ImportedCadence } from './monica-group-queries';
import { groupTagStatements } from './monica-group-queries';

/**
 * Monica's "stay in touch every N days" as Kith's cadence: whole months (30 days) and weeks in
 * their own unit, so "every 30 days" reads "every month" as Monica's own menu says it.
 */
export function cadenceOfDays(days: number | null | undefined): Omit<ImportedCadence, 'contact_id'> | null {
  if (!days || !Number.isInteger(days) || days < CADENCE_LIMITS.everyMin) return null;
  if (days % 30 === 0) return { every: days / 30, unit: 'month' };
  if (days % 7 === 0) return { every: days / 7, unit: 'week' };
  return { every: Math.min(days, CADENCE_LIMITS.everyMax), unit: 'day' };
}

/** The cadences of a page of contacts, for the Kith contacts they landed on. */
export function cadencesOf(contacts: { contact: MonicaContact; kithId: string }[]): ImportedCadence[] {
  return contacts.flatMap(({ contact, kithId }) => {
    const cadence = cadenceOfDays(contact.stay_in_touch_frequency);
    return cadence ? [{ contact_id: kithId, ...cadence }] : [];
  });
}

/** A group whose name cannot be a tag as written: its whole name, why, and its members in Kith. */
export interface GroupNotATag {
  name: string;
  why: string;
  contactIds: string[];
}

/**
 * A page of Monica groups as Kith tags (Kith's way of grouping people, as Google's contact groups
 * are): each group's name tags its members that Kith has, with the import as the tag's source.
 * A name longer than a tag may be is not cut (ADR 078): it comes back in `notTags`, for the
 * members' notes and the report.
 */
export function groupWrites(
  d1: D1Database,
  userId: string,
  importId: string,
  groups: MonicaGroup[],
  kithIdOf: (monicaId: number) => string | undefined,
): { statements: D1PreparedStatement[]; groups: number; notTags: GroupNotATag[] } {
  const now = nowIso();
  const statements: D1PreparedStatement[] = [];
  const notTags: GroupNotATag[] = [];
  let count = 0;
  for (const group of groups) {
    const tag = group.name?.replace(/\s+/g, ' ').trim();
    const norm = tag ? tagNorm(tag) : '';
    const ids = [...new Set((group.contacts ?? []).flatMap((c) => kithIdOf(c.id) ?? []))];
    if (!tag || !norm) continue;
    const why = whyNotATag(tag);
    if (why) {
      notTags.push({ name: tag, why, contactIds: ids });
      continue;
    }
    count++;
    if (ids.length) statements.push(...groupTagStatements(d1, userId, ids, tag, norm, importId, now));
  }
  return { statements, groups: count, notTags };
}

/** The Monica contact ids a page of groups names. */
export const groupMemberIds = (groups: MonicaGroup[]) => groups.flatMap((g) => (g.contacts ?? []).map((c) => c.id));
