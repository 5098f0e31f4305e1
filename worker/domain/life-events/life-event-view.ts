import type { LifeEventRow } from '../../db/schema';
import {
  LIFE_EVENT_KIND_LABEL,
  LIFE_EVENT_SOURCE_LABEL,
  type LifeEventKind,
  type LifeEventSource,
  type LifeEventStatus,
} from './life-event-kinds';

/** Where the evidence can be seen: the message on the contact's timeline, the import, or the contact's card. */
export interface EvidenceLink {
  type: 'message' | 'import' | 'contact';
  id: string;
  /** The page that shows it, under the app's origin. */
  href: string;
}

/** An event as the API, the contact page and the inbox show it. */
export interface LifeEventView {
  id: string;
  contact_id: string;
  kind: LifeEventKind;
  kind_label: string;
  summary: string;
  happened_on: string | null;
  recurs: boolean;
  status: LifeEventStatus;
  source: LifeEventSource;
  source_label: string;
  evidence: {
    /** The exact sentence it was read in, or the field change in words. */
    text: string | null;
    field: string | null;
    old_value: string | null;
    new_value: string | null;
    link: EvidenceLink | null;
  };
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}

function linkOf(r: LifeEventRow): EvidenceLink | null {
  if (r.interactionId) return { type: 'message', id: r.interactionId, href: `/contacts/${r.contactId}#interaction-${r.interactionId}` };
  if (r.importId) return { type: 'import', id: r.importId, href: `/import#import-${r.importId}` };
  if (r.field) return { type: 'contact', id: r.contactId, href: `/contacts/${r.contactId}` };
  return null;
}

export const lifeEventViewOf = (r: LifeEventRow): LifeEventView => ({
  id: r.id,
  contact_id: r.contactId,
  kind: r.kind,
  kind_label: LIFE_EVENT_KIND_LABEL[r.kind],
  summary: r.summary,
  happened_on: r.happenedOn,
  recurs: r.recursOn !== null,
  status: r.status,
  source: r.source,
  source_label: LIFE_EVENT_SOURCE_LABEL[r.source],
  evidence: { text: r.evidence, field: r.field, old_value: r.oldValue, new_value: r.newValue, link: linkOf(r) },
  created_at: r.createdAt,
  updated_at: r.updatedAt,
  decided_at: r.decidedAt,
});

/** An event with its contact, for lists across the network (the inbox, Home). */
export interface NetworkLifeEventView extends LifeEventView {
  contact_name: string;
  avatar_url: string | null;
}

export const networkEventViewOf = ({
  e,
  name,
  avatar,
}: {
  e: LifeEventRow;
  name: string;
  avatar: string | null;
}): NetworkLifeEventView => ({
  ...lifeEventViewOf(e),
  contact_name: name,
  avatar_url: avatar,
});
