import { loadContactRecords } from '../contacts/contact-view';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../errors';
import { contactCountsByOrganization } from '../organizations/organization-contacts';
import { datesOfContactsAmong, type ContactDateRow } from '../dates/contact-date-queries';
import { COLUMN_CHOICE_FIELDS, MERGE_FIELD_LABELS, mergeFieldValue, type MergeChoiceField } from './merge-choices';
import { mergedColumns } from './merge-contacts';
import { dateText, keptBirthday } from './merge-dates';
import { relatedRowsOf } from './merge-snapshot-queries';

export interface MergeFieldPreview {
  field: MergeChoiceField;
  label: string;
  this: string | null;
  other: string | null;
  /** Both hold a value and they differ: the user picks one (this contact's by default). */
  conflict: boolean;
  /** What the merged contact holds with the default choice. */
  merged: string | null;
}

export interface MergePreview {
  this: { id: string; full_name: string };
  other: { id: string; full_name: string };
  fields: MergeFieldPreview[];
  /** United: every email, phone and tag of both. */
  emails: string[];
  phones: string[];
  tags: string[];
  notes: string | null;
  /** The two companies with their contact counts, so the page can tell which a merge empties. */
  organizations: { id: string; name: string; of: 'this' | 'other'; contacts: number }[];
  /** Every date of both besides the birthdays (those are a field): all are kept. */
  dates: { label: string; date: string; of: 'this' | 'other' }[];
  /** What moves here from the other contact besides its fields, as "3 reminders" (none when it has nothing). */
  moves: string[];
}

/** The words for what moves, by MERGE_TABLES table (singular, plural); tables not named here are not listed. */
const MOVE_WORDS: Record<string, [string, string]> = {
  interactions: ['timeline entry', 'timeline entries'],
  reminders: ['reminder', 'reminders'],
  life_events: ['life event', 'life events'],
  contact_files: ['file', 'files'],
  followups: ['follow-up suggestion', 'follow-up suggestions'],
  messaging_group_members: ['group membership', 'group memberships'],
  telegram_peers: ['Telegram chat', 'Telegram chats'],
  linkedin_outbox: ['queued LinkedIn message', 'queued LinkedIn messages'],
  duplicate_suggestions: ['possible duplicate', 'possible duplicates'],
};

const dateLabel = (d: ContactDateRow) =>
  d.kind === 'birthday'
    ? 'Birthday'
    : d.kind === 'anniversary'
      ? d.label
        ? `Anniversary (${d.label})`
        : 'Anniversary'
      : (d.label ?? 'Date');

async function movesFrom(db: Db, userId: string, survivorId: string, otherId: string): Promise<string[]> {
  const { rows, interactions } = await relatedRowsOf(db, userId, [otherId]);
  const mine = rows.get(otherId) ?? {};
  const counts: Record<string, number> = { interactions: interactions.get(otherId) ?? 0 };
  for (const [table, list] of Object.entries(mine))
    counts[table] = list.filter((r) => r.contact_a !== survivorId && r.contact_b !== survivorId).length;
  return Object.entries(MOVE_WORDS).flatMap(([table, [one, many]]) => {
    const n = counts[table] ?? 0;
    return n > 0 ? [`${n.toLocaleString('en')} ${n === 1 ? one : many}`] : [];
  });
}

/**
 * Field by field, what merging `otherId` into `survivorId` gives, before anything is written:
 * the same mergedColumns the merge itself runs.
 */
export async function previewMerge(db: Db, userId: string, survivorId: string, otherId: string): Promise<MergePreview> {
  if (survivorId === otherId) throw new AppError('not_processable', 'A contact cannot be merged into itself');
  const { rows, idents, tags, companies } = await loadContactRecords(db, userId, [survivorId, otherId]);
  const survivor = rows.find((r) => r.id === survivorId);
  const other = rows.find((r) => r.id === otherId);
  if (!survivor || !other) throw notFound('Contact');
  const merged = { ...survivor, ...mergedColumns(survivor, [other]) };

  const fields = COLUMN_CHOICE_FIELDS.map((field): MergeFieldPreview => {
    const mine = mergeFieldValue(survivor, field, companies);
    const theirs = mergeFieldValue(other, field, companies);
    return {
      field,
      label: MERGE_FIELD_LABELS[field],
      this: mine,
      other: theirs,
      conflict: mine !== null && theirs !== null && mine !== theirs,
      merged: mergeFieldValue(merged, field, companies),
    };
  });
  const dates = await datesOfContactsAmong(db, userId, [survivorId, otherId]);
  const birthday = (id: string) => dates.find((d) => d.contactId === id && d.kind === 'birthday');
  const [mine, theirs] = [birthday(survivorId), birthday(otherId)].map((d) => (d ? dateText(d) : null));
  const kept = keptBirthday(survivorId, [otherId], dates);
  fields.push({
    field: 'birthday',
    label: MERGE_FIELD_LABELS.birthday,
    this: mine ?? null,
    other: theirs ?? null,
    conflict: mine !== null && theirs !== null && mine !== theirs,
    merged: kept ? dateText(kept) : null,
  });
  // One entry per value: a phone both hold (a shared line, ADR 031) is kept once, as the survivor writes it.
  const united = (kind: string) => {
    const byNorm = new Map<string, string>();
    idents
      .filter((x) => x.kind === kind)
      .sort((a, b) => (a.contactId === survivorId ? 0 : 1) - (b.contactId === survivorId ? 0 : 1) || a.position - b.position)
      .forEach((x) => byNorm.set(x.valueNorm, byNorm.get(x.valueNorm) ?? x.value));
    return [...new Set(byNorm.values())];
  };
  const tagNames = [...new Map(tags.map((t) => [t.tagNorm, t.tag])).values()];

  const companyOf = [
    ...(survivor.companyId ? [{ id: survivor.companyId, of: 'this' as const }] : []),
    ...(other.companyId && other.companyId !== survivor.companyId ? [{ id: other.companyId, of: 'other' as const }] : []),
  ];
  const counts = await contactCountsByOrganization(
    db,
    userId,
    companyOf.map((c) => c.id),
  );
  return {
    this: { id: survivor.id, full_name: survivor.fullName },
    other: { id: other.id, full_name: other.fullName },
    fields,
    emails: united('email'),
    phones: united('phone'),
    tags: tagNames,
    notes: merged.notes ?? null,
    organizations: companyOf.map((c) => ({ ...c, name: companies.get(c.id) ?? '', contacts: counts.get(c.id) ?? 0 })),
    dates: dates
      .filter((d) => d.kind !== 'birthday')
      .map((d) => ({ label: dateLabel(d), date: dateText(d), of: d.contactId === survivorId ? ('this' as const) : ('other' as const) })),
    moves: await movesFrom(db, userId, survivorId, otherId),
  };
}
