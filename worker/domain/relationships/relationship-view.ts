import { GROUP_OF_KIND, KIND_LABEL, type RelationshipGroup, type RelationshipKind } from './relationship-kinds';
import type { ListedRelationshipRow } from './relationship-queries';

/** A link as the API and the contact page show it, from one contact's side. */
export interface RelationshipView {
  id: string;
  contact_id: string;
  kind: RelationshipKind;
  /** The custom kind's label, else null. */
  label: string | null;
  /** What the other is to the contact, in words ("child", "godfather"). */
  description: string;
  group: RelationshipGroup;
  note: string | null;
  since: string | null;
  other: { type: 'contact' | 'person'; id: string; name: string; note: string | null };
  created_at: string;
  updated_at: string;
}

export const relationshipViewOf = (r: ListedRelationshipRow): RelationshipView => ({
  id: r.id,
  contact_id: r.contactId,
  kind: r.kind,
  label: r.kind === 'custom' ? r.label : null,
  description: r.kind === 'custom' ? r.label : KIND_LABEL[r.kind],
  group: GROUP_OF_KIND[r.kind],
  note: r.note,
  since: r.since,
  other: { type: r.otherType, id: r.otherId, name: r.otherName ?? '', note: r.otherType === 'person' ? r.personNote : null },
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});
