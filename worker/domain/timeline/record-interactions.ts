import type { BatchItem } from 'drizzle-orm/batch';
import { newId, nowIso } from '../../db/columns';
import type { InteractionRow } from '../../db/schema';
import type { Deps } from '../deps';
import { runStatements, type Statement } from '../../db/sql-batch';
import { countsAsContact } from '../scoring/real-contact';
import { recomputeScoreStatements } from '../scoring/score-queries';
import { dismissAnsweredFollowUpReminders, dismissAnsweredFollowups, refreshLastInteraction } from './after-contact-queries';
import { contactIdsOfUser, insertNewInteractions } from './interaction-queries';
import { emitInteractionsLogged } from '../webhooks/emit-domain-events';
import { readMessagesLater } from '../life-events/read-messages-later';
import { toInteractionView, type InteractionView } from './interaction-view';

export interface NewInteraction {
  contact_id: string;
  kind: string;
  channel?: string | null;
  direction?: 'in' | 'out' | null;
  subject?: string | null;
  body?: string | null;
  status?: string | null;
  /** Where it came from ('manual', 'bcc', 'gmail', 'telegram'...); with external_id, the idempotency key. */
  source?: string;
  external_id?: string | null;
  occurred_at: string | Date;
  /** A note the user marked as a conversation: it counts as contact. */
  conversation?: boolean;
  /** A note the user marked private: hidden from "never private" tokens (ADR 044). */
  private?: boolean;
}

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/**
 * Stores interactions (syncs, BCC, meetings) for the user's contacts. Idempotent: a row whose
 * (source, external_id) is already stored is skipped. For contacts that gained real contact
 * (not notes, bio changes or read receipts) it then updates last_interaction_at, dismisses
 * pending suggestions created before the newest new interaction (SPEC §3: an interaction
 * older than the suggestion does not answer it) and recomputes their scores, all in batch.
 * Rows for contacts that are not the user's are ignored. Returns the rows actually inserted.
 * Each new entry is an interaction.logged webhook event, unless it is history: everything an
 * import brings (`imported`; it says so once with import.finished and its counts, ADR 077), and
 * what a sync back-fills from before `historyBefore`, the time its channel was connected (ADR 083).
 */
export async function recordInteractions(
  deps: Deps,
  userId: string,
  rows: NewInteraction[],
  { imported = false, historyBefore }: { imported?: boolean; historyBefore?: string } = {},
): Promise<InteractionView[]> {
  const { db } = deps;
  if (rows.length === 0) return [];
  const contactIds = [...new Set(rows.map((r) => r.contact_id))];
  const mine = new Set<string>();
  for (let i = 0; i < contactIds.length; i += 90) {
    const found = await contactIdsOfUser(db, userId, contactIds.slice(i, i + 90));
    for (const f of found) mine.add(f.id);
  }
  const now = nowIso();
  const values: InteractionRow[] = rows
    .filter((r) => mine.has(r.contact_id))
    .map((r) => ({
      id: newId(),
      userId,
      contactId: r.contact_id,
      kind: r.kind,
      channel: r.channel ?? null,
      direction: r.direction ?? null,
      subject: r.subject ?? null,
      body: r.body ?? null,
      status: r.status ?? null,
      source: r.source ?? 'manual',
      externalId: r.external_id ?? null,
      occurredAt: new Date(r.occurred_at).toISOString(),
      createdAt: now,
      updatedAt: now,
      conversation: r.conversation ?? false,
      private: r.private ?? false,
    }));
  if (values.length === 0) return [];

  // 16 columns per row: 6 rows per statement stays under D1's 100 bound parameters.
  const inserts: Batch[] = [];
  for (let i = 0; i < values.length; i += 6 * 50) {
    const group = values.slice(i, i + 6 * 50);
    const statements: BatchItem<'sqlite'>[] = [];
    for (let j = 0; j < group.length; j += 6) statements.push(insertNewInteractions(db, group.slice(j, j + 6)));
    inserts.push(statements as Batch);
  }
  const inserted: InteractionRow[] = [];
  for (const batch of inserts) for (const result of await db.batch(batch)) inserted.push(...(result as InteractionRow[]));

  const newestByContact = new Map<string, string>();
  for (const row of inserted) {
    if (!countsAsContact(row)) continue;
    const seen = newestByContact.get(row.contactId);
    if (!seen || row.occurredAt > seen) newestByContact.set(row.contactId, row.occurredAt);
  }
  const touched = [...newestByContact.keys()];
  if (touched.length) await runStatements(db, afterContactStatements(deps, userId, newestByContact));
  const views = inserted.map(toInteractionView);
  if (!imported) await emitInteractionsLogged(deps, userId, historyBefore ? views.filter((v) => v.occurred_at >= historyBefore) : views);
  await readMessagesLater(deps, userId, views);
  return views;
}

/** What new real contact does (last interaction, older suggestions dismissed, scores), for contacts → their newest contact time. */
export function afterContactStatements(deps: Deps, userId: string, newestByContact: Map<string, string>): Statement[] {
  const { db } = deps;
  const entries = [...newestByContact];
  const statements: Statement[] = [];
  // 25 per chunk: the CASE binds two values per contact, under D1's 100 parameters.
  for (let i = 0; i < entries.length; i += 25) {
    const chunk = entries.slice(i, i + 25);
    statements.push(
      refreshLastInteraction(
        db,
        userId,
        chunk.map(([id]) => id),
      ),
      dismissAnsweredFollowups(db, userId, chunk, nowIso()),
      // "Follow up in a week" is answered by any later contact, like a suggestion; a dated
      // reminder the user set ("ask about the new job") stays.
      dismissAnsweredFollowUpReminders(db, userId, chunk, nowIso()),
    );
  }
  statements.push(
    ...recomputeScoreStatements(
      userId,
      entries.map(([id]) => id),
    ),
  );
  return statements;
}
