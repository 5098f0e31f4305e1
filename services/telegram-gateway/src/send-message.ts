import { Long, tl } from '@mtcute/core';
import type { LiveClient } from './client-pool.ts';
import { text, type Body } from './body.ts';
import { wireMessage, wireUser } from './mapping.ts';
import { inputPeerUser, knownUser, remember } from './peers.ts';
import { randomIdFor } from './random-id.ts';
import { GatewayError, LIMITS, type WireMessage } from './wire.ts';

/** Sends `text` to a user id or @username. The same `random_id` (Kith's idempotency key) never sends twice. */
export async function sendMessage(client: LiveClient, body: Body) {
  const peer = text(body, 'peer', 64);
  const message = text(body, 'text', LIMITS.text);
  const key = text(body, 'random_id', LIMITS.randomId);
  const earlier = client.sent.get(key);
  if (earlier) return earlier;

  const user = peer.startsWith('@') ? await byUsername(client, peer.slice(1)) : await knownUser(client, peer);
  let sent: WireMessage;
  try {
    const updates = await client.port.call({ _: 'messages.sendMessage', peer: inputPeerUser(user), message, randomId: randomIdFor(key) });
    sent = sentMessage(updates, randomIdFor(key), message);
  } catch (error) {
    // This client restarted since the first try, which Telegram did deliver: answer that message.
    if (!(error instanceof tl.RpcError && error.text === 'RANDOM_ID_DUPLICATE')) throw error;
    sent = await lastOutgoing(client, user, message);
  }
  const answer = { message: sent, peer: wireUser(user) };
  client.sent.set(key, answer);
  if (client.sent.size > 500) client.sent.delete(client.sent.keys().next().value!);
  return answer;
}

async function byUsername(client: LiveClient, username: string): Promise<tl.RawUser> {
  if (!/^\w{1,32}$/.test(username)) throw new GatewayError(400, 'USERNAME_INVALID', `not a Telegram username: @${username}`);
  const resolved = await client.port.call({ _: 'contacts.resolveUsername', username });
  remember(client, resolved.users, resolved.chats);
  const user = resolved.peer._ === 'peerUser' ? client.users.get(resolved.peer.userId) : undefined;
  if (!user) throw new GatewayError(400, 'PEER_ID_INVALID', `@${username} is a group or channel, not a person`);
  return user;
}

/** The sent message's id and date from Telegram's answer (short form for DMs, or full updates). */
function sentMessage(updates: tl.TypeUpdates, randomId: Long, text: string): WireMessage {
  const now = Math.floor(Date.now() / 1000);
  if (updates._ === 'updateShortSentMessage') return { id: updates.id, date: updates.date, out: true, text };
  if (updates._ !== 'updates' && updates._ !== 'updatesCombined')
    throw new GatewayError(502, 'TELEGRAM_ERROR', `unexpected answer to sendMessage: ${updates._}`);
  const idUpdate = updates.updates.find((u): u is tl.RawUpdateMessageID => u._ === 'updateMessageID' && u.randomId.eq(randomId));
  const newMessage = updates.updates
    .flatMap((u) => (u._ === 'updateNewMessage' ? [u.message] : []))
    .find((m) => !idUpdate || m.id === idUpdate.id);
  const id = idUpdate?.id ?? newMessage?.id;
  if (id === undefined) throw new GatewayError(502, 'TELEGRAM_ERROR', 'sendMessage answered without the message');
  return { id, date: newMessage && newMessage._ !== 'messageEmpty' ? newMessage.date : now, out: true, text };
}

async function lastOutgoing(client: LiveClient, user: tl.RawUser, text: string): Promise<WireMessage> {
  const history = await client.port.call({
    _: 'messages.getHistory',
    peer: inputPeerUser(user),
    offsetId: 0,
    offsetDate: 0,
    addOffset: 0,
    limit: 20,
    maxId: 0,
    minId: 0,
    hash: Long.ZERO,
  });
  const mine =
    history._ === 'messages.messagesNotModified'
      ? []
      : history.messages.flatMap((m) => wireMessage(m) ?? []).filter((m) => m.out && m.text === text);
  const found = mine.sort((a, b) => b.id - a.id)[0];
  if (!found)
    throw new GatewayError(409, 'RANDOM_ID_DUPLICATE', 'this send went out before, and its message is no longer among the last 20');
  return found;
}
