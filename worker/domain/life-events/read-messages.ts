import { nowIso } from '../../db/columns';
import type { LlmClient } from '../../providers/llm/llm-client';
import { ProviderError } from '../../providers/provider-error';
import type { Deps } from '../deps';
import { llmFromSettings } from '../llm-from-settings';
import { findEventsInBatch, type MessageBatch } from './events-in-messages';
import { readingSwitch } from './message-reading-settings';
import { claimMessages, contactNames, ensureReading, messagesAfter, type StoredMessage } from './message-reading-queries';
import { NOT_MESSAGES } from './read-messages-later';
import { recordProposals } from './record-proposals';
import { announceFound } from './announce-found';

/** How many stored messages one run looks at; a full page queues the next run. */
export const READING_PAGE = 200;
/** What one model call is sent at most: one contact's messages. */
const CALL_MESSAGES = 20;
const CALL_CHARS = 12_000;
/** A message that happened longer ago than this is old news (a first mail sync brings months). */
const FRESH_MS = 30 * 86_400_000;
/** On a user's first run, "new" is what was stored in the last day. */
const FIRST_LOOK_BACK_MS = 86_400_000;
const IDS_PER_READ = 90;

export interface ReadingResult {
  /** Messages the run looked at (the cursor moved past them). */
  looked_at: number;
  model_calls: number;
  proposed: number;
  /** Events the model named without a sentence of the message to quote: dropped. */
  refused: number;
  /** Messages passed over: their contact is private. */
  private: number;
  /** Messages passed over: the day's model calls were spent. */
  over_cap: number;
}

const textLength = (m: StoredMessage) => (m.subject?.length ?? 0) + (m.body?.length ?? 0);

/** One contact's messages in calls of at most CALL_MESSAGES messages and CALL_CHARS characters, in the order stored. */
function batchesOf(messages: StoredMessage[]): Omit<MessageBatch, 'contactName'>[] {
  const open = new Map<string, { contactId: string; messages: StoredMessage[]; chars: number }>();
  const batches: { contactId: string; messages: StoredMessage[]; chars: number }[] = [];
  for (const m of messages) {
    let batch = open.get(m.contactId);
    if (!batch || batch.messages.length >= CALL_MESSAGES || batch.chars + textLength(m) > CALL_CHARS) {
      batch = { contactId: m.contactId, messages: [], chars: 0 };
      open.set(m.contactId, batch);
      batches.push(batch);
    }
    batch.messages.push(m);
    batch.chars += textLength(m);
  }
  return batches;
}

async function namesOf(deps: Deps, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += IDS_PER_READ)
    for (const c of await contactNames(deps.db, deps.store.userId, ids.slice(i, i + IDS_PER_READ))) names.set(c.id, c.name);
  return names;
}

/**
 * The background pass over the user's new messages (ADR 043): the messages stored since the
 * last pass, batched per contact, read by the model for life events under the daily cap; a
 * private contact's messages are never sent. What it finds, grounded in a quoted sentence,
 * waits in What's new and is announced as `life_event.found`.
 */
export async function readMessagesForEvents(deps: Deps, llm?: LlmClient, now = new Date()): Promise<ReadingResult> {
  const result: ReadingResult = { looked_at: 0, model_calls: 0, proposed: 0, refused: 0, private: 0, over_cap: 0 };
  const { store } = deps;
  const reading = await readingSwitch(deps);
  if (!reading.on) return result;
  const stamp = nowIso();
  let row = reading.row;
  if (!row) {
    await ensureReading(store.db, store.userId, new Date(now.getTime() - FIRST_LOOK_BACK_MS).toISOString(), stamp);
    row = (await readingSwitch(deps)).row!;
  }
  const page = await messagesAfter(store.db, store.userId, row.cursorAt ?? '', row.cursorId ?? '', READING_PAGE);
  if (!page.length) return result;

  const freshFrom = new Date(now.getTime() - FRESH_MS).toISOString();
  const readable = page.filter((m) => !NOT_MESSAGES.has(m.kind) && (m.body || m.subject) && m.occurredAt >= freshFrom);
  result.private = readable.filter((m) => m.private).length;
  const batches = batchesOf(readable.filter((m) => !m.private));
  const today = now.toISOString().slice(0, 10);
  const spent = row.callsDay === today ? row.calls : 0;
  const allowed = batches.slice(0, Math.max(0, deps.settings.LIFE_EVENTS_DAILY_MODEL_CALLS - spent));
  result.over_cap = batches.slice(allowed.length).reduce((n, b) => n + b.messages.length, 0);

  const last = page.at(-1)!;
  const claimed = await claimMessages(
    store.db,
    store.userId,
    { at: row.cursorAt, id: row.cursorId },
    { at: last.createdAt, id: last.id, callsDay: today, calls: spent + allowed.length },
    stamp,
  );
  if (!claimed.length) return result; // another run of this user took these messages
  result.looked_at = page.length;

  if (allowed.length) {
    const model = llm ?? llmFromSettings(deps);
    const names = await namesOf(deps, [...new Set(allowed.map((b) => b.contactId))]);
    const rows = [];
    for (const batch of allowed) {
      const contactName = names.get(batch.contactId);
      if (contactName === undefined) continue; // deleted since
      result.model_calls++;
      try {
        const found = await findEventsInBatch(model, store.userId, { ...batch, contactName }, stamp);
        rows.push(...found.rows);
        result.refused += found.refused;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.warn(`life events: the model failed on a batch of ${batch.messages.length} messages: ${error.kind}`);
      }
    }
    result.proposed = await announce(deps, rows);
  }
  if (page.length === READING_PAGE) await deps.jobs.send({ type: 'find_life_events', user_id: store.userId });
  return result;
}

/** Writes the proposals (a finding already on its contact is not written again) and emits life_event.found for the new ones. */
async function announce(deps: Deps, rows: Parameters<typeof recordProposals>[1]): Promise<number> {
  if (!rows.length) return 0;
  await recordProposals(deps.store, rows);
  return announceFound(
    deps,
    rows.map((r) => r.id),
  );
}
