import { Long, tl } from '@mtcute/core';
import { parseMarkedChatId } from '../../src/mapping.ts';
import type { ClientFactory, TelegramPort } from '../../src/telegram-port.ts';
import type { WorldAccount, WorldUser } from './world.ts';

/**
 * Telegram as the gateway sees it through mtcute, scripted from a world: answers raw TL requests
 * with TL objects and throws tl.RpcError the way mtcute does. Only the client boundary is
 * replaced; the gateway's pool, mapping and HTTP layer run for real on top.
 */

const FLOOD_BY_REQUEST: Record<string, string> = {
  'messages.getDialogs': 'dialogs',
  'messages.getHistory': 'messages',
  'users.getFullUser': 'users/full',
  'channels.getParticipants': 'chats/participants',
  'messages.getFullChat': 'chats/participants',
  'messages.sendMessage': 'messages/send',
};

const rpc = (code: number, text: string) => tl.RpcError.fromTl({ _: 'mt_rpc_error', errorCode: code, errorMessage: text });

export function tlUser(u: WorldUser, self = false): tl.RawUser {
  return {
    _: 'user',
    id: Number(u.id),
    accessHash: Long.fromNumber(Number(u.id) * 7),
    self,
    firstName: u.first_name ?? undefined,
    lastName: u.last_name ?? undefined,
    username: u.username ?? undefined,
    phone: u.phone ?? undefined,
    bot: u.bot ?? false,
  } as tl.RawUser;
}

export function tlChat(c: { id: string; title: string; participants: WorldUser[] }): tl.TypeChat {
  const marked = parseMarkedChatId(c.id)!;
  const participantsCount = c.participants.length + 1;
  if (marked.kind === 'chat')
    return {
      _: 'chat',
      id: marked.id,
      title: c.title,
      participantsCount,
      date: 0,
      version: 1,
      photo: { _: 'chatPhotoEmpty' },
    } as tl.RawChat;
  return {
    _: 'channel',
    id: marked.id,
    accessHash: Long.fromNumber(marked.id * 3),
    title: c.title,
    megagroup: true,
    participantsCount,
    date: 0,
    photo: { _: 'chatPhotoEmpty' },
  } as tl.RawChannel;
}

interface SessionState {
  phone: string | null;
  authorized: boolean;
  dc: number;
}

export function scriptedClientFactory(world: WorldAccount[]): ClientFactory {
  const accounts = new Map(
    world.map((a) => [a.phone, { ...a, dialogs: (a.dialogs ?? []).map((d) => ({ ...d, messages: [...(d.messages ?? [])] })) }]),
  );
  const sentRandomIds = new Set<string>();
  let nextId = 1000;

  return async (session) => {
    const state: SessionState = { phone: null, authorized: false, dc: 1 };
    if (session !== null) {
      const match = /^scripted:([0-9a-f]+):([01]):dc(\d)$/.exec(session);
      if (!match) throw new Error('Invalid session string');
      state.phone = Buffer.from(match[1]!, 'hex').toString();
      state.authorized = match[2] === '1';
      state.dc = Number(match[3]);
    }
    const account = () => {
      const a = state.phone ? accounts.get(state.phone) : undefined;
      if (!a) throw rpc(401, 'AUTH_KEY_UNREGISTERED');
      return a;
    };
    const everyone = () => {
      const a = account();
      return [a.self, ...a.dialogs.map((d) => d.peer), ...(a.chats ?? []).flatMap((c) => c.participants)];
    };
    const port: TelegramPort = {
      async sendCode(phone) {
        const a = accounts.get(phone);
        if (!a) throw rpc(400, 'PHONE_NUMBER_INVALID');
        if (a.flood?.['auth/send-code']) throw rpc(420, `FLOOD_WAIT_${a.flood['auth/send-code']}`);
        state.phone = phone;
        return `hash-${a.code}`;
      },
      async signIn(q) {
        const a = account();
        if (q.phoneCodeHash !== `hash-${a.code}` || q.phoneCode !== a.code) throw rpc(400, 'PHONE_CODE_INVALID');
        if (a.password) throw rpc(401, 'SESSION_PASSWORD_NEEDED');
        state.authorized = true;
        return tlUser(a.self, true);
      },
      async checkPassword(password) {
        const a = account();
        if (!a.password || password !== a.password) throw rpc(400, 'PASSWORD_HASH_INVALID');
        state.authorized = true;
        return tlUser(a.self, true);
      },
      exportSession: async () => `scripted:${Buffer.from(state.phone ?? '').toString('hex')}:${state.authorized ? 1 : 0}:dc${state.dc}`,
      close: async () => {},
      async call(request) {
        const a = account();
        if (!state.authorized || a.revoked) throw rpc(401, 'AUTH_KEY_UNREGISTERED');
        const flood = a.flood?.[FLOOD_BY_REQUEST[request._] ?? ''];
        if (flood) throw rpc(420, `FLOOD_WAIT_${flood}`);
        if (a.rotate_session) {
          a.rotate_session = false; // mtcute follows a *_MIGRATE_X and the session names the new DC
          state.dc = 2;
        }
        return answer(a, request as tl.RpcMethod) as never;
      },
    };
    return port;

    function answer(a: ReturnType<typeof account>, request: tl.RpcMethod): unknown {
      switch (request._) {
        case 'messages.getDialogs': {
          const chats = (a.chats ?? []).map(tlChat);
          const dialogs = [
            ...a.dialogs.map((d) => ({
              _: 'dialog',
              peer: { _: 'peerUser', userId: Number(d.peer.id) },
              topMessage: Math.max(0, ...(d.messages ?? []).map((m) => m.id)),
              readOutboxMaxId: d.read_outbox_max_id ?? 0,
              readInboxMaxId: 0,
            })),
            ...chats.map((c) => ({
              _: 'dialog',
              peer: c._ === 'chat' ? { _: 'peerChat', chatId: c.id } : { _: 'peerChannel', channelId: c.id },
              topMessage: 0,
              readOutboxMaxId: 0,
              readInboxMaxId: 0,
            })),
          ];
          return { _: 'messages.dialogs', dialogs, messages: [], chats, users: a.dialogs.map((d) => tlUser(d.peer)) };
        }
        case 'messages.getHistory': {
          const peer = request.peer as tl.RawInputPeerUser;
          const dialog = a.dialogs.find((d) => Number(d.peer.id) === peer.userId);
          const above = (dialog?.messages ?? [])
            .filter((m) => m.id > request.minId && m.id >= request.offsetId)
            .sort((x, y) => x.id - y.id)
            .slice(0, request.limit);
          return {
            _: 'messages.messages',
            messages: above.reverse().map((m) => ({
              _: 'message',
              id: m.id,
              date: m.date,
              out: m.out,
              message: m.text,
              peerId: { _: 'peerUser', userId: peer.userId },
            })),
            chats: [],
            users: dialog ? [tlUser(dialog.peer)] : [],
            topics: [],
          };
        }
        case 'users.getUsers': {
          const ids = request.id.map((i) => (i._ === 'inputUser' ? i.userId : 0));
          return everyone()
            .filter((u) => ids.includes(Number(u.id)))
            .map((u) => tlUser(u, u === a.self));
        }
        case 'users.getFullUser': {
          const id = (request.id as tl.RawInputUser).userId;
          return { _: 'users.userFull', fullUser: { _: 'userFull', id, about: a.bios?.[String(id)] ?? undefined }, chats: [], users: [] };
        }
        case 'messages.getFullChat': {
          const chat = (a.chats ?? []).find((c) => parseMarkedChatId(c.id)?.id === request.chatId);
          if (!chat) throw rpc(400, 'CHAT_ID_INVALID');
          const members = [a.self, ...chat.participants];
          return {
            _: 'messages.chatFull',
            fullChat: {
              _: 'chatFull',
              id: request.chatId,
              participants: {
                _: 'chatParticipants',
                chatId: request.chatId,
                participants: members.map((u) => ({ _: 'chatParticipant', userId: Number(u.id) })),
                version: 1,
              },
            },
            chats: [tlChat(chat)],
            users: members.map((u) => tlUser(u, u === a.self)),
          };
        }
        case 'channels.getParticipants': {
          const channelId = (request.channel as tl.RawInputChannel).channelId;
          const chat = (a.chats ?? []).find((c) => parseMarkedChatId(c.id)?.id === channelId);
          if (!chat) throw rpc(400, 'CHANNEL_INVALID');
          const page = [a.self, ...chat.participants].slice(request.offset, request.offset + request.limit);
          return {
            _: 'channels.channelParticipants',
            count: chat.participants.length + 1,
            participants: page.map((u) => ({ _: 'channelParticipant', userId: Number(u.id), date: 0 })),
            chats: [],
            users: page.map((u) => tlUser(u, u === a.self)),
          };
        }
        case 'contacts.resolveUsername': {
          const found = everyone().find((u) => u.username?.toLowerCase() === request.username.toLowerCase());
          if (!found) throw rpc(400, 'USERNAME_NOT_OCCUPIED');
          return { _: 'contacts.resolvedPeer', peer: { _: 'peerUser', userId: Number(found.id) }, chats: [], users: [tlUser(found)] };
        }
        case 'messages.sendMessage': {
          const key = `${a.phone}:${request.randomId.toString()}`;
          if (sentRandomIds.has(key)) throw rpc(400, 'RANDOM_ID_DUPLICATE');
          sentRandomIds.add(key);
          const peer = request.peer as tl.RawInputPeerUser;
          let dialog = a.dialogs.find((d) => Number(d.peer.id) === peer.userId);
          if (!dialog) a.dialogs.push((dialog = { peer: everyone().find((u) => Number(u.id) === peer.userId)!, messages: [] }));
          const message = { id: ++nextId, date: Math.floor(Date.now() / 1000), out: true, text: request.message };
          dialog.messages!.push(message);
          return { _: 'updateShortSentMessage', id: message.id, pts: 1, ptsCount: 1, date: message.date, out: true };
        }
        default:
          throw rpc(400, 'METHOD_INVALID');
      }
    }
  };
}
