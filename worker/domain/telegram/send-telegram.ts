import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { InteractionView } from '../timeline/interaction-view';
import { recordSentMessage } from '../timeline/record-sent-message';
import { telegramExternalId } from './sync-telegram';
import { contactTelegramUsername } from './telegram-contact-queries';
import { peerOfContact } from './telegram-peer-queries';
import { markMessagedDirectly, resolvePeers } from './telegram-peers';
import { withTelegram } from './telegram-session';

/**
 * Sends a direct message to the contact's Telegram account (the peer an earlier sync linked,
 * else their @username) and logs it as an outbound `telegram` message, keyed like the sync
 * keys it so the next sync does not log it twice. `randomId` (the composer submission) is
 * Telegram's own dedup key, so a retried request never sends twice. FLOOD_WAIT_X → 429.
 */
export async function sendTelegram(
  deps: Deps,
  userId: string,
  contactId: string,
  body: string,
  randomId: string,
): Promise<InteractionView> {
  return withTelegram(deps, userId, async (gateway, credentials) => {
    const peer = await peerOfContact(deps.db, userId, contactId);
    let to = peer?.peerId;
    if (!to) {
      const row = await contactTelegramUsername(deps.db, userId, contactId);
      if (!row?.username)
        throw new AppError(
          'not_processable',
          'This contact has no Telegram account in Kith. Add their Telegram username to send a message.',
        );
      to = `@${row.username.replace(/^@+/, '')}`;
    }
    const sent = await gateway.sendMessage(credentials.session, to, body, randomId);
    // Sent by @username: remember which Telegram user that is, as the sync would.
    if (!peer) await resolvePeers(deps, userId, [sent.peer], { create: false });
    const externalId = telegramExternalId(sent.peer.id, sent.message.id);
    const logged = await recordSentMessage(deps, userId, {
      contact_id: contactId,
      kind: 'message',
      channel: 'telegram',
      direction: 'out',
      body,
      status: 'delivered',
      source: 'telegram',
      external_id: externalId,
      occurred_at: new Date(sent.message.date * 1000),
    });
    await markMessagedDirectly(deps, userId, [contactId]);
    return logged;
  });
}
