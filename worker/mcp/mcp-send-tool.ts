import { z } from 'zod';
import { DRAFT_CHANNEL_IDS } from '../domain/drafts/channels';
import { sendMessage, sendMessageSchema } from '../domain/messages/send-message';
import { recordIdSchema } from '../domain/record-id';
import { timelineLine } from './mcp-results';
import { defineTool } from './mcp-tool';

// The one tool that reaches someone outside Kith (ADR 051). It is opt-in: a token has it only
// when its tool list names it, chosen by the user on the consent page or the token form.

export const sendMessageTool = defineTool({
  name: 'send_message',
  title: 'Send a message',
  description: `Sends a message to a contact in the user's name, through a channel the user connected (${DRAFT_CHANNEL_IDS.join(', ')}; email needs a subject), and logs it on their timeline. It cannot be taken back: send only the exact text the user approved, usually a draft_message they read. Pass an idempotency_key (8-100 characters) so a retry never sends twice. Answers the timeline entry {id, kind, channel, direction, occurred_at, subject, body, status} (status "queued" for LinkedIn, which the browser extension sends); channel_not_connected when the user has not connected that channel. Off unless the user allowed this tool for this app.`,
  needs: 'contacts:write',
  input: {
    contact_id: recordIdSchema.describe("The contact's id, as search_contacts or list_due give it"),
    ...sendMessageSchema.shape,
    channel: z.enum(DRAFT_CHANNEL_IDS).describe('Where to send it'),
  },
  run: async ({ deps, user }, { contact_id, ...message }) => {
    const sent = await sendMessage(deps, user, contact_id, sendMessageSchema.parse(message));
    return { ...timelineLine(sent.interaction), status: sent.interaction.status, replayed: sent.replayed };
  },
});
