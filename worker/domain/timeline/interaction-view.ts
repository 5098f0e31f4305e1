import type { InteractionRow } from '../../db/schema';

/** Messages longer than this are shown truncated with "Show more" (SPEC §8). */
export const TRUNCATE_AT = 400;

/** The Interaction of API.md. `is_long` tells the UI to truncate the body behind "Show more". */
export interface InteractionView {
  id: string;
  contact_id: string;
  kind: string;
  channel: string | null;
  direction: 'in' | 'out' | null;
  subject: string | null;
  body: string | null;
  is_long: boolean;
  occurred_at: string;
  status: string | null;
  source: string;
  /** A note the user marked as a conversation: it counts as contact. */
  conversation: boolean;
  /** A note the user marked private: never shown to a token or app that hides private notes (ADR 044). */
  private: boolean;
  created_at: string;
  updated_at: string;
}

export function toInteractionView(row: InteractionRow): InteractionView {
  return {
    id: row.id,
    contact_id: row.contactId,
    kind: row.kind,
    channel: row.channel,
    direction: row.direction,
    subject: row.subject,
    body: row.body,
    is_long: (row.body?.length ?? 0) > TRUNCATE_AT,
    occurred_at: row.occurredAt,
    status: row.status,
    source: row.source,
    conversation: Boolean(row.conversation),
    private: Boolean(row.private),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
