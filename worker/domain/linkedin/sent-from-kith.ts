import type { Deps } from '../deps';
import type { SyncedInteraction } from '../imports/record-synced-interactions';
import { queuedMessagesTo } from './linkedin-outbox-queries';

/** How long after queueing the extension may take to send a message Kith queued. */
const SEND_WINDOW_MS = 7 * 86_400_000;
/** LinkedIn's clock and ours may disagree a little: a sync may date the message just before the queueing. */
const CLOCK_SKEW_MS = 60_000;

const sameText = (a: string | null, b: string | null) => (a ?? '').replace(/\s+/g, ' ').trim() === (b ?? '').replace(/\s+/g, ' ').trim();

/**
 * A message the composer queued for LinkedIn is already on the timeline (source
 * linkedin_outbox). When the extension later syncs that conversation, LinkedIn hands the same
 * message back under its own id: drop outbound messages to the same contact with the same text
 * sent within a week after Kith queued it, so the timeline shows it once.
 */
export async function withoutMessagesKithQueued(deps: Deps, userId: string, messages: SyncedInteraction[]): Promise<SyncedInteraction[]> {
  const outbound = messages.filter((m) => m.direction === 'out');
  if (outbound.length === 0) return messages;
  const contactIds = [...new Set(outbound.map((m) => m.contactId))];
  // Only queued messages that could match one of these: queued up to a week before the
  // earliest, and at most a minute after the latest (clock skew).
  const sentTimes = outbound.map((m) => Date.parse(m.occurredAt));
  const from = new Date(Math.min(...sentTimes) - SEND_WINDOW_MS).toISOString();
  const to = new Date(Math.max(...sentTimes) + CLOCK_SKEW_MS).toISOString();
  const queued = await queuedMessagesTo(deps.db, userId, contactIds, from, to);
  if (queued.length === 0) return messages;
  const used = new Set<number>();
  return messages.filter((m) => {
    if (m.direction !== 'out') return true;
    const sentAt = Date.parse(m.occurredAt);
    const match = queued.findIndex(
      (q, i) =>
        !used.has(i) &&
        q.contactId === m.contactId &&
        sameText(q.body, m.body) &&
        sentAt >= Date.parse(q.occurredAt) - CLOCK_SKEW_MS &&
        sentAt <= Date.parse(q.occurredAt) + SEND_WINDOW_MS,
    );
    if (match === -1) return true;
    used.add(match);
    return false;
  });
}
