import { Long, tl } from '@mtcute/core';
import type { LiveClient } from './client-pool.ts';
import { whole, texts, text, type Body } from './body.ts';
import { parseMarkedChatId, wireChat, wireMessage, wireUser } from './mapping.ts';
import { inputPeerOf, inputPeerUser, inputUser, knownUser, remember } from './peers.ts';
import { GatewayError, LIMITS, type WireChat, type WireDialog } from './wire.ts';

// The read side of the wire format: dialogs, history, bios, groups and their members.

/**
 * Walks the dialog list newest first, 100 per page, until `visit` has what it needs (answers
 * true) or the list ends; at most 10 pages a call, so one call stays within Telegram's limits.
 */
async function walkDialogs(client: LiveClient, visit: (dialog: tl.RawDialog, chats: Map<number, tl.TypeChat>) => boolean) {
  let offset = { offsetDate: 0, offsetId: 0, offsetPeer: { _: 'inputPeerEmpty' } as tl.TypeInputPeer };
  for (let page = 0; page < 10; page++) {
    const answer = await client.port.call({ _: 'messages.getDialogs', ...offset, limit: 100, hash: Long.ZERO });
    if (answer._ === 'messages.dialogsNotModified') return;
    remember(client, answer.users, answer.chats);
    const chats = new Map(answer.chats.map((c) => [c.id, c]));
    for (const dialog of answer.dialogs) if (dialog._ === 'dialog' && visit(dialog, chats)) return;
    const last = answer.dialogs.at(-1);
    if (answer._ === 'messages.dialogs' || answer.dialogs.length < 100 || !last) return;
    const top = answer.messages.find((m) => m.id === last.topMessage);
    offset = {
      offsetDate: top && top._ !== 'messageEmpty' ? top.date : 0,
      offsetId: last.topMessage,
      offsetPeer: inputPeerOf(client, last.peer),
    };
  }
}

/** One-to-one chats, newest first; Saved Messages is not one. */
export async function dialogs(client: LiveClient, body: Body): Promise<{ dialogs: WireDialog[] }> {
  const limit = whole(body, 'limit', { min: 1, max: LIMITS.dialogs });
  const out: WireDialog[] = [];
  await walkDialogs(client, (dialog) => {
    if (dialog.peer._ !== 'peerUser') return false;
    const user = client.users.get(dialog.peer.userId);
    if (user && !user.self)
      out.push({
        peer: wireUser(user),
        top_message_id: dialog.topMessage,
        read_outbox_max_id: dialog.readOutboxMaxId,
        read_inbox_max_id: dialog.readInboxMaxId,
      });
    return out.length === limit;
  });
  return { dialogs: out };
}

/** Messages with an id above `min_id`, oldest first: Telegram pages forward with a negative add_offset. */
export async function messages(client: LiveClient, body: Body) {
  const minId = whole(body, 'min_id', { min: 0, max: 2 ** 31 - 1 });
  const limit = whole(body, 'limit', { min: 1, max: LIMITS.messages });
  const user = await knownUser(client, text(body, 'peer_id', 20));
  const answer = await client.port.call({
    _: 'messages.getHistory',
    peer: inputPeerUser(user),
    offsetId: minId + 1,
    offsetDate: 0,
    addOffset: -limit,
    limit,
    maxId: 0,
    minId,
    hash: Long.ZERO,
  });
  if (answer._ === 'messages.messagesNotModified') return { messages: [] };
  remember(client, answer.users, answer.chats);
  const list = answer.messages.flatMap((m) => wireMessage(m) ?? []).filter((m) => m.id > minId);
  return { messages: list.sort((a, b) => a.id - b.id).slice(0, limit) };
}

/** Bios: one getFullUser per id (Telegram has no batch form); a user Kith can no longer see has none. */
export async function usersFull(client: LiveClient, body: Body) {
  const ids = texts(body, 'user_ids', LIMITS.userIds);
  const users: { id: string; about: string | null }[] = [];
  for (const id of ids) {
    try {
      const user = await knownUser(client, id);
      const full = await client.port.call({ _: 'users.getFullUser', id: inputUser(user) });
      remember(client, full.users, full.chats);
      users.push({ id, about: full.fullUser.about || null });
    } catch (error) {
      const gone =
        (error instanceof GatewayError && error.type === 'PEER_ID_INVALID') ||
        (error instanceof tl.RpcError && /^(PEER_ID_INVALID|USER_ID_INVALID)$/.test(error.text));
      if (!gone) throw error;
      users.push({ id, about: null });
    }
  }
  return { users };
}

export async function chats(client: LiveClient, body: Body) {
  const limit = whole(body, 'limit', { min: 1, max: LIMITS.chats });
  const out: WireChat[] = [];
  await walkDialogs(client, (dialog, known) => {
    const id = dialog.peer._ === 'peerChat' ? dialog.peer.chatId : dialog.peer._ === 'peerChannel' ? dialog.peer.channelId : null;
    const chat = id === null ? undefined : known.get(id);
    const wire = chat && wireChat(chat);
    if (wire) out.push(wire);
    return out.length === limit;
  });
  return { chats: out };
}

/** Members of a basic group (one call) or a megagroup (pages of 200, most recent first). */
export async function participants(client: LiveClient, body: Body) {
  const limit = whole(body, 'limit', { min: 1, max: LIMITS.participants });
  const chatId = text(body, 'chat_id', 20);
  const chat = parseMarkedChatId(chatId);
  if (!chat) throw new GatewayError(400, 'CHAT_ID_INVALID', `not a Telegram group id: ${chatId}`);
  if (chat.kind === 'chat') {
    const answer = await client.port.call({ _: 'messages.getFullChat', chatId: chat.id });
    remember(client, answer.users, answer.chats);
    const full = answer.fullChat;
    if (full._ !== 'chatFull' || full.participants._ !== 'chatParticipants') return { participants: [] };
    const ids = full.participants.participants.map((p) => p.userId);
    return {
      participants: ids
        .flatMap((id) => {
          const u = client.users.get(id);
          return u ? [wireUser(u)] : [];
        })
        .slice(0, limit),
    };
  }
  if (!client.channels.has(chat.id)) await walkDialogs(client, () => client.channels.has(chat.id));
  const channel = client.channels.get(chat.id);
  if (!channel) throw new GatewayError(400, 'CHAT_ID_INVALID', `not a group of this account: ${chatId}`);
  const out = [];
  for (let offset = 0; out.length < limit;) {
    const pageSize = Math.min(200, limit - out.length);
    const page = await client.port.call({
      _: 'channels.getParticipants',
      channel: { _: 'inputChannel', channelId: channel.id, accessHash: channel.accessHash ?? Long.ZERO },
      filter: { _: 'channelParticipantsRecent' },
      offset,
      limit: pageSize,
      hash: Long.ZERO,
    });
    if (page._ === 'channels.channelParticipantsNotModified') break;
    remember(client, page.users, page.chats);
    for (const p of page.participants) {
      const id = 'userId' in p ? p.userId : p.peer._ === 'peerUser' ? p.peer.userId : null;
      const user = id === null ? undefined : client.users.get(id);
      if (user) out.push(wireUser(user));
    }
    if (page.participants.length < pageSize) break;
    offset += page.participants.length;
  }
  return { participants: out.slice(0, limit) };
}
