import { apiTokenCreatedAt } from '../auth/api-token-queries';
import { nowIso } from '../../db/columns';
import { assertMayImport } from './import-limit';
import { z } from 'zod';
import { readContact, type ValueWarning } from '../contacts/read-contact';
import { planContactUpserts, type ContactRecord } from '../contacts/upsert-contacts';
import type { Deps } from '../deps';
import { contactsArrived } from './contacts-arrived';
import { announceFound } from '../life-events/announce-found';
import { recordSyncedInteractions, type SyncedInteraction } from './record-synced-interactions';
import { enqueueGeocoding } from '../geocoding/enqueue-geocoding';
import { withoutMessagesKithQueued } from '../linkedin/sent-from-kith';
import { multiLineText, singleLineText } from '../text-input';

const messageSchema = z.object({
  id: singleLineText(300).trim().min(1),
  direction: z.enum(['in', 'out']),
  sent_at: z.iso.datetime({ offset: true }),
  body: multiLineText(20_000),
});

/** What the browser extension sends: conversations with their other participant and messages. */
export const linkedinConversationsSchema = z
  .object({
    conversations: z
      .array(
        z.object({
          id: singleLineText(300).trim().min(1),
          // Checked per conversation as a contact (contactCreateSchema): one bad profile fails its conversation, not the batch.
          participant: z.object({
            name: z.string().trim().min(1).max(400),
            profile_url: z.string().trim().max(2000).nullable().optional(),
            headline: z.string().trim().max(2000).nullable().optional(),
            // The profile's current position, when the extension reads it: a change from the card is proposed as news (ADR 036).
            title: z.string().trim().max(2000).nullable().optional(),
            company: z.string().trim().max(2000).nullable().optional(),
            avatar_url: z.string().trim().max(2000).nullable().optional(),
          }),
          messages: z.array(messageSchema).max(500),
        }),
      )
      .min(1)
      .max(50),
  })
  .strict();
export type LinkedinConversations = z.infer<typeof linkedinConversationsSchema>;

export interface LinkedinSyncResult {
  contacts_created: number;
  contacts_updated: number;
  messages_logged: number;
  conversations: { id: string; contact_id: string | null; error?: string; warnings?: ValueWarning[] }[];
}

/**
 * A participant as a contact record by the import rule (readContact): the name always makes
 * a contact; a profile URL or photo Kith cannot read goes to the notes with a warning. A
 * participant left with no LinkedIn URL is found again through the conversation.
 */
function participantRecord(
  conversation: LinkedinConversations['conversations'][number],
): { record: ContactRecord; warnings: ValueWarning[] } | string {
  const p = conversation.participant;
  const words = p.name.split(/\s+/);
  const reading = readContact({
    first_name: words.length > 1 ? words.slice(0, -1).join(' ') : words[0],
    last_name: words.length > 1 ? words.at(-1) : undefined,
    linkedin_url: p.profile_url,
    title: p.title || undefined,
    company: p.company || undefined,
    bios: p.headline ? { linkedin: p.headline } : undefined,
    // A photo the page shows as data: or a relative URL is not a value of the person: left out.
    avatar_url: p.avatar_url && /^https?:\/\//.test(p.avatar_url) ? p.avatar_url : undefined,
    source: 'linkedin',
  });
  if (reading.status === 'no_person') return reading.message;
  const record: ContactRecord = { input: reading.input, noteLines: reading.noteLine ? [reading.noteLine] : [] };
  if (!reading.input.linkedin_url) record.fingerprint = `linkedin-conversation:${conversation.id}`;
  return { record, warnings: reading.warnings };
}

/**
 * POST /extension/linkedin/conversations: creates or updates each participant (source
 * linkedin, matched by LinkedIn slug) and logs the messages once each (a message Kith queued
 * for the extension is not logged a second time under LinkedIn's id). The extension is connected
 * when its token (`tokenId`) is made: messages from before are the history it back-fills, logged
 * without an interaction.logged each (ADR 083).
 */
export async function syncLinkedinConversations(
  deps: Deps,
  userId: string,
  body: LinkedinConversations,
  tokenId: string | null,
): Promise<LinkedinSyncResult> {
  // As an import (ADR 073): each participant updates the contact it matches among all of them.
  assertMayImport(deps.db);
  const inputs = body.conversations.map(participantRecord);
  const valid = body.conversations.flatMap((c, i) => {
    const read = inputs[i]!;
    return typeof read === 'string' ? [] : [{ conversation: c, ...read }];
  });
  const plan = await planContactUpserts(
    deps,
    userId,
    valid.map((v) => v.record),
    'linkedin',
    undefined,
    undefined,
    { source: 'extension' },
  );
  if (plan.statements.length) await deps.store.d1.batch(plan.statements);
  await enqueueGeocoding(deps, userId, plan.geocode);
  await announceFound(deps, plan.proposalIds);

  const contactOf = new Map(valid.map((v, i) => [v.conversation.id, plan.outcomes[i]!.contactId]));
  const warningsOf = new Map(valid.map((v, i) => [v.conversation.id, [...v.warnings, ...plan.outcomes[i]!.warnings]]));
  const messages: SyncedInteraction[] = valid.flatMap(({ conversation }) =>
    conversation.messages.map((m) => ({
      contactId: contactOf.get(conversation.id)!,
      source: 'linkedin',
      externalId: m.id,
      channel: 'linkedin',
      direction: m.direction,
      body: m.body,
      occurredAt: new Date(m.sent_at).toISOString(),
    })),
  );
  const connectedAt = (tokenId && (await apiTokenCreatedAt(deps.db, userId, tokenId))) || nowIso();
  const { logged } = await recordSyncedInteractions(deps, userId, await withoutMessagesKithQueued(deps, userId, messages), connectedAt);
  const touched = [...new Set(plan.outcomes.map((o) => o.contactId))];
  await contactsArrived(deps, touched);
  return {
    contacts_created: plan.outcomes.filter((o) => o.outcome === 'created').length,
    contacts_updated: plan.outcomes.filter((o) => o.outcome === 'updated').length,
    messages_logged: logged,
    conversations: body.conversations.map((c, i) =>
      typeof inputs[i] === 'string'
        ? { id: c.id, contact_id: null, error: inputs[i] as string }
        : { id: c.id, contact_id: contactOf.get(c.id)!, ...(warningsOf.get(c.id)!.length ? { warnings: warningsOf.get(c.id)! } : {}) },
    ),
  };
}
