import { loadContactRecords } from '../contacts/contact-view';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../errors';
import { contactCountsByOrganization } from '../organizations/organization-contacts';
import { MERGE_CHOICE_FIELDS, MERGE_FIELD_LABELS, mergeFieldValue, type MergeChoiceField } from './merge-choices';
import { mergedColumns } from './merge-contacts';

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

  const fields = MERGE_CHOICE_FIELDS.map((field): MergeFieldPreview => {
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
  const united = (kind: string) => [
    ...new Set(
      idents
        .filter((x) => x.kind === kind)
        .sort((a, b) => (a.contactId === survivorId ? 0 : 1) - (b.contactId === survivorId ? 0 : 1) || a.position - b.position)
        .map((x) => x.value),
    ),
  ];
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
  };
}
