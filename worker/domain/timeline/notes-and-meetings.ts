import { z } from 'zod';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import { auditStatement } from '../audit/audit-queries';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { emitInteractionsLogged } from '../webhooks/emit-domain-events';
import { readMessagesLater } from '../life-events/read-messages-later';
import { deleteInteractionStatement, findInteraction, insertInteraction, setInteractionFields } from './interaction-queries';
import { toInteractionView, type InteractionView } from './interaction-view';
import { assertContactExists } from './list-timeline';
import { afterContactStatements, recordInteractions } from './record-interactions';
import { multiLineText, singleLineText } from '../text-input';
import { TIMELINE_LIMITS } from './timeline-limits';

const body = multiLineText(TIMELINE_LIMITS.body).trim().min(1, 'must not be empty');

const isPrivate = z
  .boolean()
  .optional()
  .describe('A private note: never shown to an access token or connected app that hides private notes (hide_private)');

export const noteInputSchema = z.object({ body, conversation: z.boolean().optional(), private: isPrivate }).strict();
export const notePatchSchema = z.object({ body: body.optional(), conversation: z.boolean().optional(), private: isPrivate }).strict();
export const meetingInputSchema = z
  .object({
    title: singleLineText(TIMELINE_LIMITS.title).trim().min(1, 'is required'),
    occurred_at: z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' }),
    notes: body.nullable().optional(),
  })
  .strict();

/**
 * A plain note does not count as contact: it touches neither the score nor the suggestions.
 * A note marked as a conversation does (recordInteractions), like a logged call.
 */
export async function addNote(
  deps: Deps,
  userId: string,
  contactId: string,
  input: z.infer<typeof noteInputSchema>,
): Promise<InteractionView> {
  const { db } = deps;
  await assertContactExists(db, userId, contactId);
  if (input.conversation) {
    const [view] = await recordInteractions(deps, userId, [
      {
        contact_id: contactId,
        kind: 'note',
        channel: 'conversation',
        body: input.body,
        source: 'manual',
        occurred_at: new Date(),
        conversation: true,
        private: input.private ?? false,
      },
    ]);
    return view!;
  }
  const now = nowIso();
  const row = await insertInteraction(db, {
    id: newId(),
    userId,
    contactId,
    kind: 'note',
    source: 'manual',
    body: input.body,
    private: input.private ?? false,
    occurredAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const view = toInteractionView(row!);
  await emitInteractionsLogged(deps, userId, [view]);
  await readMessagesLater(deps, userId, [view]);
  return view;
}

/** A meeting is real contact, so it goes through recordInteractions (score, suggestions). */
export async function logMeeting(
  deps: Deps,
  userId: string,
  contactId: string,
  input: z.infer<typeof meetingInputSchema>,
): Promise<InteractionView> {
  await assertContactExists(deps.db, userId, contactId);
  const [view] = await recordInteractions(deps, userId, [
    {
      contact_id: contactId,
      kind: 'meeting',
      channel: 'meeting',
      subject: input.title,
      body: input.notes ?? null,
      occurred_at: input.occurred_at,
      source: 'manual',
    },
  ]);
  return view!;
}

async function findNote(db: Db, userId: string, id: string) {
  const row = await findInteraction(db, userId, id);
  if (!row) throw notFound('Interaction');
  if (row.kind !== 'note')
    throw new AppError('not_processable', 'Only notes can be edited or deleted; other interactions are a record of what happened');
  return row;
}

/** Edits a note's text, whether it was a conversation (which moves last interaction and score) and whether it is private. */
export async function updateNote(deps: Deps, userId: string, id: string, input: z.infer<typeof notePatchSchema>): Promise<InteractionView> {
  const { db } = deps;
  const current = await findNote(db, userId, id);
  const flips = input.conversation !== undefined && input.conversation !== current.conversation;
  const row = await setInteractionFields(db, userId, id, {
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(flips ? { conversation: input.conversation } : {}),
    ...(input.private !== undefined ? { private: input.private } : {}),
    updatedAt: nowIso(),
  });
  if (flips) await runStatements(db, afterContactStatements(deps, userId, new Map([[current.contactId, current.occurredAt]])));
  return toInteractionView(row!);
}

export async function deleteNote(deps: Deps, userId: string, id: string): Promise<void> {
  const { db } = deps;
  const row = await findNote(db, userId, id);
  await runStatements(db, [
    auditStatement(db, userId, 'note.delete', 'interaction', id, row),
    deleteInteractionStatement(db, userId, id),
    // A conversation counted: last interaction, due date and score follow what remains.
    ...(row.conversation ? afterContactStatements(deps, userId, new Map([[row.contactId, row.occurredAt]])) : []),
  ]);
}
