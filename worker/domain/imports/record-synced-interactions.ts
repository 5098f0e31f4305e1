import { newId, nowIso } from '../../db/columns';
import { interactions } from '../../db/schema';
import { jsonInsert } from '../contacts/json-rows';
import type { Deps } from '../deps';

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
 * no-op), moves the contacts' last interaction date, and dismisses their pending follow-ups
 * (SPEC §1: "When new interactions are synced for a contact, that contact's pending follow-up
 * suggestions are dismissed automatically").
 *
 * This is the import side's seam onto the timeline: `recordInteractions` in
 * worker/domain/timeline/ (another branch) does the same and also recomputes scores; when it
 * lands, this function should delegate to it.
 */
export async function recordSyncedInteractions(deps: Deps, userId: string, list: SyncedInteraction[]): Promise<{ logged: number; contactIds: string[] }> {
  if (list.length === 0) return { logged: 0, contactIds: [] };
  const d1 = deps.env.DB as D1Database;
  const now = nowIso();
  const rows = list.map((m) => ({
    id: newId(), userId, contactId: m.contactId, kind: 'message', channel: m.channel, direction: m.direction, subject: null,
    body: m.body, status: null, source: m.source, externalId: m.externalId, occurredAt: m.occurredAt, createdAt: now, updatedAt: now,
  }));
  let logged = 0;
  const touched = new Set<string>();
  // ~200 messages per statement keeps the JSON parameter far below D1's size limits.
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const [insert] = await d1.batch([jsonInsert(d1, interactions, chunk, 'ignore')]);
    logged += insert!.meta.changes;
    // Which of them are new: those whose id made it in.
    const { results } = await d1
      .prepare('SELECT DISTINCT contact_id FROM interactions WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))')
      .bind(userId, JSON.stringify(chunk.map((r) => r.id)))
      .all<{ contact_id: string }>();
    for (const r of results) touched.add(r.contact_id);
  }
  const contactIds = [...touched];
  if (contactIds.length) {
    const ids = JSON.stringify(contactIds);
    await d1.batch([
      d1
        .prepare(`UPDATE contacts SET last_interaction_at = (SELECT max(occurred_at) FROM interactions i WHERE i.contact_id = contacts.id)
          WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`)
        .bind(userId, ids),
      d1
        .prepare(`UPDATE followups SET status = 'dismissed', resolved_at = ?3
          WHERE user_id = ?1 AND status = 'pending' AND contact_id IN (SELECT value FROM json_each(?2))`)
        .bind(userId, ids, now),
    ]);
  }
  return { logged, contactIds };
}
