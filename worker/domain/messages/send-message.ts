import { z } from 'zod';
import type { Deps } from '../deps';
import { composerDrivers } from '../channels/drivers';
import { DRAFT_CHANNEL_IDS, DRAFT_CHANNELS } from '../drafts/channels';
import { AppError } from '../errors';
import { assertContactExists } from '../timeline/list-timeline';
import { toInteractionView, type InteractionView } from '../timeline/interaction-view';
import { multiLineText, singleLineText } from '../text-input';
import { MESSAGE_LIMITS } from './message-limits';
import { claimSendKey, markSendSent, releaseSendKey, sendOfKey } from './message-send-queries';

export const sendMessageSchema = z
  .object({
    channel: z.enum(DRAFT_CHANNEL_IDS),
    subject: singleLineText(MESSAGE_LIMITS.subject).optional(),
    body: multiLineText(MESSAGE_LIMITS.body).trim().min(1, 'must not be empty'),
    /** One per composer submission: a retry with the same key never sends twice. */
    idempotency_key: z.string().min(8).max(100).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const limit = DRAFT_CHANNELS[v.channel].limit;
    if (v.body.length > limit)
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: `must be at most ${limit} characters for ${DRAFT_CHANNELS[v.channel].label}`,
      });
  });

export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/**
 * POST /contacts/{id}/messages: sends through the channel and answers the outbound
 * interaction it logged. With an idempotency key, the first request claims the key; a
 * retry answers the first one's interaction (or 409 while it is still in flight), and a
 * failed send frees the key so the same submission can be tried again.
 */
export async function sendMessage(
  deps: Deps,
  user: { id: string; name: string },
  contactId: string,
  input: SendMessageInput,
): Promise<{ interaction: InteractionView; replayed: boolean }> {
  await assertContactExists(deps.db, user.id, contactId);
  const driver = composerDrivers[input.channel];
  const message = { subject: input.subject, body: input.body, idempotencyKey: input.idempotency_key };
  const send = () => driver.send(deps, user, contactId, message);
  const key = input.idempotency_key;
  if (!key) return { interaction: await send(), replayed: false };

  const claimed = await claimSendKey(deps.db, { userId: user.id, key, contactId, channel: input.channel });
  if (claimed.length === 0) return { interaction: await earlierSend(deps, user.id, key), replayed: true };

  let interaction: InteractionView;
  try {
    interaction = await send();
  } catch (error) {
    await releaseSendKey(deps.db, user.id, key);
    throw error;
  }
  await markSendSent(deps.db, user.id, key, interaction.id);
  return { interaction, replayed: false };
}

async function earlierSend(deps: Deps, userId: string, key: string): Promise<InteractionView> {
  const row = await sendOfKey(deps.db, userId, key);
  if (row?.interaction) return toInteractionView(row.interaction);
  throw new AppError('conflict', 'This message is still being sent; wait a moment before trying again.');
}
