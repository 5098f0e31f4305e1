import { assertSeesEveryContact } from '../auth/contact-limit';
import { z } from 'zod';
import { newId, nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { toInteractionView, type InteractionView } from '../timeline/interaction-view';
import { afterContactStatements } from '../timeline/record-interactions';
import { multiLineText } from '../text-input';
import {
  claimOldestMessages,
  contactLinkedinUrl,
  countWaitingMessages,
  findInteraction,
  findOutboxMessage,
  insertQueuedMessage,
  recipientsOf,
  reportedOutcomeStatements,
} from './linkedin-outbox-queries';

/** How long a claimed message stays the extension's own before another claim may take it. */
export const LINKEDIN_LEASE_SECONDS = 300;
const MAX_CLAIM = 10;

/**
 * The composer's LinkedIn channel: Kith cannot send on LinkedIn itself, so the message is
 * queued for the browser extension (which sends it in LinkedIn's UI) and logged at once as an
 * outbound interaction with status `queued`; the extension's report turns it `sent` or `failed`.
 */
export async function queueLinkedinMessage(deps: Deps, userId: string, contactId: string, body: string): Promise<InteractionView> {
  const contact = await contactLinkedinUrl(deps.db, userId, contactId);
  if (!contact) throw notFound('Contact');
  if (!contact.linkedinUrl)
    throw new AppError('not_processable', 'This contact has no LinkedIn profile URL. Add one to send a LinkedIn message.');

  const outboxId = newId();
  const now = nowIso();
  const interaction = {
    id: newId(),
    userId,
    contactId,
    kind: 'message',
    channel: 'linkedin',
    direction: 'out' as const,
    subject: null,
    body,
    status: 'queued',
    source: 'linkedin_outbox',
    externalId: outboxId,
    occurredAt: now,
    createdAt: now,
    updatedAt: now,
    conversation: false,
    private: false,
  };
  // Not through recordInteractions: a queued message is not contact yet (it may fail), so it
  // answers no follow-up and moves no score until the extension reports it sent.
  await insertQueuedMessage(deps.db, interaction, {
    id: outboxId,
    userId,
    contactId,
    interactionId: interaction.id,
    body,
    status: 'queued',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  });
  return toInteractionView(interaction);
}

/**
 * The outbox is the extension's, for every contact: a token limited to some contacts (ADR 074)
 * would claim the messages queued to the others, their names and words, and report on them.
 */
function assertSendsForEveryContact(deps: Deps): void {
  assertSeesEveryContact(deps.db, "send LinkedIn messages for the extension: the outbox holds every contact's");
}

export interface ClaimedLinkedinMessage {
  id: string;
  contact_id: string;
  contact_name: string;
  linkedin_url: string | null;
  body: string;
  lease_until: string;
  attempts: number;
}

export const claimSchema = z.object({ limit: z.number().int().min(1).max(MAX_CLAIM).optional() }).strict();

/**
 * The extension takes the user's oldest queued messages (and those whose lease ran out: an
 * extension that claimed them and never reported back) for LINKEDIN_LEASE_SECONDS.
 */
export async function claimLinkedinOutbox(deps: Deps, userId: string, limit = 5, now = new Date()): Promise<ClaimedLinkedinMessage[]> {
  assertSendsForEveryContact(deps);
  const nowText = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LINKEDIN_LEASE_SECONDS * 1000).toISOString();
  const claimed = await claimOldestMessages(deps.db, userId, limit, nowText, leaseUntil);
  if (claimed.length === 0) return [];
  const people = await recipientsOf(deps.db, userId, [...new Set(claimed.map((c) => c.contactId))]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return claimed
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((c) => ({
      id: c.id,
      contact_id: c.contactId,
      contact_name: byId.get(c.contactId)?.fullName ?? '',
      linkedin_url: byId.get(c.contactId)?.linkedinUrl ?? null,
      body: c.body,
      lease_until: leaseUntil,
      attempts: c.attempts,
    }));
}

export const resultSchema = z
  .object({
    status: z.enum(['sent', 'failed']),
    error: multiLineText(500).trim().optional(),
  })
  .strict();

/**
 * The extension's report on a claimed message: the outbox row and its interaction become
 * `sent` or `failed`. Reporting the same outcome twice is harmless; changing a final outcome
 * (or reporting on a message nobody claimed) is a 409.
 */
export async function reportLinkedinResult(
  deps: Deps,
  userId: string,
  outboxId: string,
  result: z.infer<typeof resultSchema>,
): Promise<InteractionView> {
  assertSendsForEveryContact(deps);
  const row = await findOutboxMessage(deps.db, userId, outboxId);
  if (!row) throw notFound('Queued message');
  if (row.status === 'queued') throw new AppError('conflict', 'This message has not been claimed; claim it before reporting on it.');
  if ((row.status === 'sent' || row.status === 'failed') && row.status !== result.status) {
    throw new AppError('conflict', `This message was already reported ${row.status}.`);
  }
  const now = nowIso();
  if (row.status === 'claimed') {
    await runStatements(deps.db, [
      ...reportedOutcomeStatements(deps.db, userId, row, {
        status: result.status,
        error: result.status === 'failed' ? (result.error ?? 'The extension could not send it') : null,
        now,
      }),
      // Sent: now it is contact (follow-ups older than the message answered, scores moved).
      ...(result.status === 'sent' ? afterContactStatements(deps, userId, new Map([[row.contactId, row.createdAt]])) : []),
    ]);
  }
  const interaction = await findInteraction(deps.db, userId, row.interactionId);
  if (!interaction) throw notFound('Queued message');
  return toInteractionView(interaction);
}

/** What the LinkedIn card of Settings shows: messages waiting for the extension. */
export async function countQueuedLinkedin(deps: Deps, userId: string): Promise<number> {
  const row = await countWaitingMessages(deps.db, userId);
  return row?.n ?? 0;
}
