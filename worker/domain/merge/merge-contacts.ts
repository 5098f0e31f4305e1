import type { Db } from '../../db/client';
import { runStatements, type Statement } from '../../db/sql-batch';
import { newId, nowIso } from '../../db/columns';
import type { contactIdentifiers, contactTags, ContactRow } from '../../db/schema';
import { loadContactRecords } from '../contacts/contact-view';
import { mergedIntoStatement } from '../changes/change-feed-queries';
import { deleteContactStatements } from '../contacts/contact-delete-queries';
import { fullNameOf } from '../contacts/normalize';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { recomputeScores } from '../scoring/relationship-score';
import { datesOfContactsAmong, type ContactDateRow } from '../dates/contact-date-queries';
import { COLUMN_CHOICE_FIELDS, MERGE_CHOICE_COLUMNS, type MergeChoices } from './merge-choices';
import { planDates } from './merge-dates';
import { forgetPurges, keepOldestOpenFollowup, moveToSurvivor, settleDates } from './merge-move-queries';
import { deleteEmptiedOrganizations, insertAuditRecords, updateSurvivor } from './merge-queries';
import { mergeRecordStatements, type SurvivorBefore } from './merge-record-queries';
import type { MergeOrigin } from './merge-views';
import { relatedRowsOf, type RelatedRows } from './merge-snapshot-queries';
import { nameKeys } from '../contacts/latin-name';
import { joinedByMergeStatement } from '../sources/source-writes';
import { moveLinksToSurvivor } from '../relationships/contact-link-queries';

/** Fields the survivor takes from a merged contact only when it has none itself. */
const GAP_FIELDS = [
  'firstName',
  'lastName',
  'companyId',
  'title',
  'avatarUrl',
  'telegramUsername',
  'twitterHandle',
  'linkedinUrl',
  'bioTwitter',
  'bioTelegram',
  'bioLinkedin',
  'connectedOn',
] as const satisfies (keyof ContactRow)[];

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The survivor's new column values: its own, plus every value it lacks, notes concatenated.
 * With one other contact, `choices` may take its value where both have one.
 */
export function mergedColumns(survivor: ContactRow, others: ContactRow[], choices: MergeChoices = {}): Partial<ContactRow> {
  const set: Partial<ContactRow> = {};
  const [only] = others.length === 1 ? others : [];
  for (const field of COLUMN_CHOICE_FIELDS) {
    const columns = MERGE_CHOICE_COLUMNS[field];
    if (only && choices[field] === 'other' && columns.some((c) => !blank(only[c])))
      for (const c of columns) (set as Record<string, unknown>)[c] = only[c];
  }
  for (const field of GAP_FIELDS) {
    if (!blank(survivor[field]) || field in set) continue;
    const donor = others.find((o) => !blank(o[field]));
    if (donor) (set as Record<string, unknown>)[field] = donor[field];
  }
  if (blank(survivor.location) && !('location' in set)) {
    // The location travels with its geocoding, so the pin stays right without a new lookup.
    const donor = others.find((o) => !blank(o.location));
    if (donor)
      Object.assign(set, {
        location: donor.location,
        latitude: donor.latitude,
        longitude: donor.longitude,
        geocodedLocation: donor.geocodedLocation,
        geocodedPlace: donor.geocodedPlace,
        geocodedAt: donor.geocodedAt,
      });
  }
  if (survivor.cadenceEvery === null && !('cadenceEvery' in set)) {
    // Its own cadence travels whole (how often, since when, any snooze), so the due date stays right.
    const donor = others.find((o) => o.cadenceEvery !== null);
    if (donor) for (const c of MERGE_CHOICE_COLUMNS.cadence) (set as Record<string, unknown>)[c] = donor[c];
  }
  const notes = [survivor.notes, ...others.map((o) => o.notes)].filter((n): n is string => !blank(n)).map((n) => n.trim());
  const uniqueNotes = [...new Set(notes)];
  if (uniqueNotes.length > 1 || (uniqueNotes.length === 1 && blank(survivor.notes))) set.notes = uniqueNotes.join('\n\n');
  const met = [
    ...new Set([survivor.howWeMet, ...others.map((o) => o.howWeMet)].filter((n): n is string => !blank(n)).map((n) => n.trim())),
  ];
  if (met.length > 1 || (met.length === 1 && blank(survivor.howWeMet))) set.howWeMet = met.join('; ');
  const last = [survivor.lastInteractionAt, ...others.map((o) => o.lastInteractionAt)]
    .filter((x): x is string => Boolean(x))
    .sort()
    .pop();
  if (last && last !== survivor.lastInteractionAt) set.lastInteractionAt = last;
  const synced = [survivor.lastSyncedAt, ...others.map((o) => o.lastSyncedAt)]
    .filter((x): x is string => Boolean(x))
    .sort()
    .pop();
  if (synced && synced !== survivor.lastSyncedAt) set.lastSyncedAt = synced;
  if (set.firstName !== undefined || set.lastName !== undefined) {
    const fullName = fullNameOf(set.firstName ?? survivor.firstName, set.lastName ?? survivor.lastName);
    set.fullName = fullName;
    Object.assign(set, nameKeys(fullName));
  }
  set.updatedAt = nowIso();
  return set;
}

/**
 * One audit record per merged contact with everything it held (row, identifiers, tags and every
 * related row of MERGE_TABLES: dates, reminders, follow-ups, groups...; its timeline, which moves
 * whole, by count), so it can be recovered; one per contact, so a bulk merge of thousands never
 * builds a row past D1's 1 MB limit. 7 columns: 14 rows a statement.
 */
function auditStatements(
  db: Db,
  userId: string,
  auditIds: Map<string, string>,
  survivorId: string,
  merged: ContactRow[],
  idents: (typeof contactIdentifiers.$inferSelect)[],
  tags: (typeof contactTags.$inferSelect)[],
  related: { rows: RelatedRows; interactions: Map<string, number> },
): Statement[] {
  const now = nowIso();
  const rows = merged.map((row) => ({
    id: auditIds.get(row.id)!,
    userId,
    action: 'contact.merge',
    subjectType: 'contact',
    subjectId: row.id,
    data: JSON.stringify({
      survivor_id: survivorId,
      contact: row,
      identifiers: idents.filter((x) => x.contactId === row.id).map(({ kind, value }) => ({ kind, value })),
      tags: tags.filter((t) => t.contactId === row.id).map((t) => t.tag),
      related: related.rows.get(row.id) ?? {},
      interactions: related.interactions.get(row.id) ?? 0,
    }),
    createdAt: now,
  }));
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += 14) statements.push(insertAuditRecords(db, rows.slice(i, i + 14)));
  return statements;
}

async function datesOf(db: Db, userId: string, ids: string[]): Promise<ContactDateRow[]> {
  const dates: ContactDateRow[] = [];
  for (let i = 0; i < ids.length; i += 90) dates.push(...(await datesOfContactsAmong(db, userId, ids.slice(i, i + 90))));
  return dates;
}

export interface MergeOptions {
  /** Per field, whose value the survivor keeps where both have one (one other contact only). */
  choices?: MergeChoices;
  /** Also delete the organizations the merge leaves with no contacts (audited). */
  deleteEmptiedOrganizations?: boolean;
  /** 'auto' for the merges a sync or an import made on its own (listed with Unmerge in the activity log). */
  origin?: MergeOrigin;
}

/**
 * Merges `otherIds` into `survivorId`, losslessly and atomically (one D1 batch): the survivor
 * keeps its values (or the chosen ones) and gains the ones it lacks; emails, phones, handles
 * and tags are united; notes are concatenated; dates, reminders, the timeline, follow-ups,
 * group memberships, relationships (without duplicates) and every other row of MERGE_TABLES move; the others are deleted after an
 * audit record (action contact.merge, subject = the merged contact) of everything each held.
 * Identifiers move by UPDATE of contact_id, so one contact per email or handle never trips; a
 * phone both hold stays once (ADR 031).
 */
export async function mergeContacts(
  deps: Deps,
  userId: string,
  survivorId: string,
  otherIds: string[],
  options: MergeOptions = {},
): Promise<{ survivorId: string; mergedIds: string[] }> {
  const { db } = deps;
  const others = [...new Set(otherIds)];
  if (others.length === 0) throw new AppError('not_processable', 'Nothing to merge: give at least one other contact');
  if (others.includes(survivorId)) throw new AppError('not_processable', 'A contact cannot be merged into itself');
  const { rows, idents, tags } = await loadContactRecords(db, userId, [survivorId, ...others]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const survivor = byId.get(survivorId);
  if (!survivor || others.some((id) => !byId.has(id))) throw notFound('Contact');
  const otherRows = others.map((id) => byId.get(id)!);
  const related = await relatedRowsOf(db, userId, [survivorId, ...others]);
  const dates = await datesOf(db, userId, [survivorId, ...others]);
  const names = new Map(rows.map((r) => [r.id, r.fullName]));
  const datePlan = planDates(survivorId, others, dates, names, options.choices?.birthday);
  // The merge record of each merged contact shares its audit entry's id (ADR 020).
  const auditIds = new Map(others.map((id) => [id, newId()]));
  const mine = related.rows.get(survivorId) ?? {};
  const before: SurvivorBefore = {
    row: survivor,
    tags: (mine.contact_tags ?? []).map((t) => String(t.tag_norm)),
    groups: (mine.messaging_group_members ?? []).map((g) => String(g.group_id)),
    droppedDates: dates.filter((d) => datePlan.drop.includes(d.id)),
    phones: idents.filter((x) => x.contactId === survivorId && x.kind === 'phone').map((x) => x.valueNorm),
  };
  const merges = others.map((id) => ({ id: auditIds.get(id)!, mergedId: id }));
  const merged = mergedColumns(survivor, otherRows, options.choices);
  const joined = joinedByMergeStatement(userId, survivorId, merged, merges[0]!.id);

  const statements: Statement[] = [
    ...auditStatements(db, userId, auditIds, survivorId, otherRows, idents, tags, related),
    ...mergeRecordStatements(userId, survivorId, before, merges, options.origin ?? 'manual'),
    updateSurvivor(db, userId, survivorId, merged),
    ...settleDates(userId, datePlan),
    ...moveToSurvivor(userId, survivorId, others),
    ...(joined ? [joined] : []),
  ];
  // Moved suggestions must not leave the survivor with several open ones: keep the oldest.
  statements.push(keepOldestOpenFollowup(userId, survivorId));
  statements.push(...moveLinksToSurvivor(userId, survivorId, others));
  statements.push(...deleteContactStatements(userId, others), mergedIntoStatement(userId, others, survivorId));
  if (options.deleteEmptiedOrganizations) {
    const companies = [...new Set([survivor, ...otherRows].map((r) => r.companyId).filter((id): id is string => Boolean(id)))];
    if (companies.length) statements.push(...deleteEmptiedOrganizations(userId, companies));
  }
  // Their interactions moved to the survivor above: nothing is left for the purge job.
  statements.push(forgetPurges(userId, others));
  await runStatements(db, statements);
  await recomputeScores(db, userId, [survivorId]);
  return { survivorId, mergedIds: others };
}
