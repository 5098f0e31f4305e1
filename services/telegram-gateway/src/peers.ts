import { Long, tl } from '@mtcute/core';
import type { LiveClient } from './client-pool.ts';
import { GatewayError } from './wire.ts';

// Addressing a peer takes its access hash, which Telegram only hands out with the peer itself.
// Every answer's users and chats are remembered on the live client; a miss reloads the dialogs.

export function remember(client: LiveClient, users: tl.TypeUser[] = [], chats: tl.TypeChat[] = []) {
  for (const user of users) if (user._ === 'user' && !(user.min && client.users.has(user.id))) client.users.set(user.id, user);
  for (const chat of chats) if (chat._ === 'channel' && !(chat.min && client.channels.has(chat.id))) client.channels.set(chat.id, chat);
}

export function userIdOf(id: string): number {
  if (!/^\d{1,16}$/.test(id)) throw new GatewayError(400, 'PEER_ID_INVALID', `not a Telegram user id: ${id}`);
  return Number(id);
}

/** The user behind a decimal id, loading the first dialogs once when this client has not seen them. */
export async function knownUser(client: LiveClient, id: string): Promise<tl.RawUser> {
  const userId = userIdOf(id);
  let user = client.users.get(userId);
  if (!user) {
    const page = await client.port.call({
      _: 'messages.getDialogs',
      offsetDate: 0,
      offsetId: 0,
      offsetPeer: { _: 'inputPeerEmpty' },
      limit: 100,
      hash: Long.ZERO,
    });
    if (page._ !== 'messages.dialogsNotModified') remember(client, page.users, page.chats);
    user = client.users.get(userId);
  }
  if (!user) {
    // Telegram accepts a zero hash for users the account shares a chat with on some servers; else PEER_ID_INVALID.
    const [found] = await client.port.call({ _: 'users.getUsers', id: [{ _: 'inputUser', userId, accessHash: Long.ZERO }] });
    if (found) remember(client, [found]);
    user = client.users.get(userId);
  }
  if (!user) throw new GatewayError(400, 'PEER_ID_INVALID', `no Telegram user ${id} in this account's chats`);
  return user;
}

export const inputUser = (user: tl.RawUser): tl.RawInputUser => ({
  _: 'inputUser',
  userId: user.id,
  accessHash: user.accessHash ?? Long.ZERO,
});
export const inputPeerUser = (user: tl.RawUser): tl.RawInputPeerUser => ({
  _: 'inputPeerUser',
  userId: user.id,
  accessHash: user.accessHash ?? Long.ZERO,
});

export function inputPeerOf(client: LiveClient, peer: tl.TypePeer): tl.TypeInputPeer {
  if (peer._ === 'peerUser') {
    const user = client.users.get(peer.userId);
    return { _: 'inputPeerUser', userId: peer.userId, accessHash: user?.accessHash ?? Long.ZERO };
  }
  if (peer._ === 'peerChat') return { _: 'inputPeerChat', chatId: peer.chatId };
  return { _: 'inputPeerChannel', channelId: peer.channelId, accessHash: client.channels.get(peer.channelId)?.accessHash ?? Long.ZERO };
}
