import type { Deps } from '../deps';
import { recordInteractions } from '../timeline/record-interactions';

export interface SyncedInteraction {
  contactId: string;
  source: string;
  externalId: string;
  channel: string;
  direction: 'in' | 'out';
  body: string;
  occurredAt: string;
}

/**
 * Logs synced messages once each (UNIQUE(user_id, source, external_id) makes a re-sync a
 * no-op) through the timeline's `recordInteractions`, which also moves the contacts' last
 * interaction date, dismisses their pending follow-ups (SPEC §1) and recomputes scores.
 * Messages from before `historyBefore` are history: logged, not announced (ADR 083).
 */
export async function recordSyncedInteractions(
  deps: Deps,
  userId: string,
  list: SyncedInteraction[],
  historyBefore: string,
): Promise<{ logged: number; contactIds: string[] }> {
  const inserted = await recordInteractions(
    deps,
    userId,
    list.map((m) => ({
      contact_id: m.contactId,
      kind: 'message',
      channel: m.channel,
      direction: m.direction,
      body: m.body,
      source: m.source,
      external_id: m.externalId,
      occurred_at: m.occurredAt,
    })),
    { historyBefore },
  );
  return { logged: inserted.length, contactIds: [...new Set(inserted.map((i) => i.contact_id))] };
}
