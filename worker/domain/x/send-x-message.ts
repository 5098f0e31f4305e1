import { XForbiddenError } from '../../providers/x/x-api';
import { getXUserByUsername, sendXDirectMessage } from '../../providers/x/x-client';
import { channelConnection } from '../channels/connections';
import { normalizeHandle } from '../contacts/normalize';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import type { InteractionView } from '../timeline/interaction-view';
import { recordSentMessage } from '../timeline/record-sent-message';
import { withXApi } from './x-api-session';
import { contactXHandle } from './x-contact-queries';

/**
 * Sends a direct message to the contact's X handle (POST /2/dm_conversations/with/:id/messages)
 * and logs it as an outbound twitter message keyed by X's dm event id, the key the DM sync
 * uses, so the sync never logs it a second time.
 */
export async function sendXMessage(deps: Deps, userId: string, contactId: string, text: string): Promise<InteractionView> {
  const contact = await contactXHandle(deps.db, userId, contactId);
  if (!contact) throw notFound('Contact');
  const handle = contact.handle ? normalizeHandle(contact.handle) : '';
  if (!handle) throw new AppError('not_processable', 'This contact has no X handle. Add one to send a direct message.');
  const connection = await channelConnection(deps, userId, 'x');
  if (!connection || connection.status === 'pending')
    throw new AppError('channel_not_connected', 'Connect X in Settings → Integrations to send direct messages.');

  const sent = await withXApi(deps, userId, async (api) => {
    const recipient = await getXUserByUsername(api, handle);
    if (!recipient) throw new AppError('not_processable', `X has no account @${handle}. Check the contact’s X handle.`);
    try {
      return await sendXDirectMessage(api, recipient.id, text);
    } catch (error) {
      if (error instanceof XForbiddenError)
        throw new AppError('not_processable', `X did not let you message @${handle} (they may not accept direct messages from you).`);
      throw error;
    }
  });

  return recordSentMessage(deps, userId, {
    contact_id: contactId,
    kind: 'message',
    channel: 'twitter',
    direction: 'out',
    body: text,
    source: 'x',
    external_id: sent.dm_event_id,
    occurred_at: new Date(),
  });
}
