import { Long, tl } from '@mtcute/core';
import { describe, expect, it } from 'vitest';
import { chats, dialogs, messages, participants, usersFull } from '../src/data-methods.ts';
import { wireChat, wireMessage, wireUser } from '../src/mapping.ts';
import { randomIdFor } from '../src/random-id.ts';
import { sendMessage } from '../src/send-message.ts';
import { toGatewayError } from '../src/telegram-errors.ts';
import { tlClient } from './support/tl-port.ts';

// Telegram's TL objects, built by hand as mtcute hands them over, into wire format v1.

const user = (id: number, extra: Partial<tl.RawUser> = {}) =>
  ({ _: 'user', id, accessHash: Long.fromNumber(id + 1), firstName: `U${id}`, ...extra }) as tl.RawUser;
const dialog = (peer: tl.TypePeer, topMessage: number, readOutboxMaxId = 0, readInboxMaxId = 0) =>
  ({ _: 'dialog', peer, topMessage, readOutboxMaxId, readInboxMaxId }) as tl.RawDialog;
const text = (id: number, body: string, extra: Partial<tl.RawMessage> = {}) =>
  ({
    _: 'message',
    id,
    date: 1_700_000_000 + id,
    out: false,
    message: body,
    peerId: { _: 'peerUser', userId: 1 },
    ...extra,
  }) as tl.RawMessage;
const rpc = (code: number, message: string) => tl.RpcError.fromTl({ _: 'mt_rpc_error', errorCode: code, errorMessage: message });

describe('users', () => {
  it('keeps ids as decimal strings and empty fields as null', () => {
    expect(wireUser(user(8_123_456_789, { username: 'ana', lastName: 'Lima', phone: '351900' }))).toEqual({
      id: '8123456789',
      username: 'ana',
      first_name: 'U8123456789',
      last_name: 'Lima',
      phone: '351900',
      bot: false,
    });
    expect(wireUser(user(5, { firstName: undefined }))).toEqual({
      id: '5',
      username: null,
      first_name: null,
      last_name: null,
      phone: null,
      bot: false,
    });
    expect(wireUser(user(6, { bot: true })).bot).toBe(true);
  });

  it('takes the active collectible username when the main one is absent', () => {
    const u = user(7, {
      usernames: [
        { _: 'username', username: 'old', active: false },
        { _: 'username', username: 'fancy', active: true },
      ] as tl.RawUsername[],
    });
    expect(wireUser(u).username).toBe('fancy');
  });
});

describe('dialogs', () => {
  it('lists one-to-one chats with their read markers, skipping groups and Saved Messages', async () => {
    const client = tlClient(() => ({
      _: 'messages.dialogs',
      dialogs: [
        dialog({ _: 'peerUser', userId: 1 }, 40, 39, 40),
        dialog({ _: 'peerChat', chatId: 9 }, 50),
        dialog({ _: 'peerUser', userId: 99 }, 60),
        dialog({ _: 'peerUser', userId: 2 }, 30, 0, 12),
      ],
      messages: [],
      chats: [{ _: 'chat', id: 9, title: 'g', participantsCount: 3 }],
      users: [user(1, { username: 'one' }), user(2), user(99, { self: true })],
    }));
    const { dialogs: list } = await dialogs(client, { limit: 10 });
    expect(list).toEqual([
      { peer: expect.objectContaining({ id: '1', username: 'one' }), top_message_id: 40, read_outbox_max_id: 39, read_inbox_max_id: 40 },
      { peer: expect.objectContaining({ id: '2', username: null }), top_message_id: 30, read_outbox_max_id: 0, read_inbox_max_id: 12 },
    ]);
  });

  it('pages a long dialog list from the last dialog of the page before', async () => {
    const first = Array.from({ length: 100 }, (_, i) => dialog({ _: 'peerChannel', channelId: 500 + i }, 1000 - i));
    const client = tlClient((request) => {
      const req = request as tl.messages.RawGetDialogsRequest;
      if (req.offsetId === 0)
        return {
          _: 'messages.dialogsSlice',
          count: 101,
          dialogs: first,
          messages: [text(901, 'x', { date: 1_600_000_000 })],
          chats: [{ _: 'channel', id: 599, accessHash: Long.fromNumber(77), title: 'c', photo: { _: 'chatPhotoEmpty' }, date: 0 }],
          users: [],
        };
      return {
        _: 'messages.dialogsSlice',
        count: 101,
        dialogs: [dialog({ _: 'peerUser', userId: 3 }, 5)],
        messages: [],
        chats: [],
        users: [user(3)],
      };
    });
    const { dialogs: list } = await dialogs(client, { limit: 5 });
    expect(list.map((d) => d.peer.id)).toEqual(['3']);
    expect(client.requests[1]).toMatchObject({
      offsetId: 901,
      offsetDate: 1_600_000_000,
      offsetPeer: { _: 'inputPeerChannel', channelId: 599 },
    });
    expect((client.requests[1] as any).offsetPeer.accessHash.toNumber()).toBe(77);
  });
});

describe('messages', () => {
  it('gives text, media captions, placeholders for bare media and service messages, oldest first', () => {
    expect(wireMessage(text(1, 'hello', { out: true }))).toEqual({ id: 1, date: 1_700_000_001, out: true, text: 'hello' });
    expect(wireMessage(text(2, 'look at this', { media: { _: 'messageMediaPhoto' } as tl.RawMessageMediaPhoto }))?.text).toBe(
      'look at this',
    );
    expect(wireMessage(text(3, '', { media: { _: 'messageMediaPhoto' } as tl.RawMessageMediaPhoto }))?.text).toBe('[photo]');
    expect(wireMessage(text(4, '', { media: { _: 'messageMediaDocument', voice: true } as tl.RawMessageMediaDocument }))?.text).toBe(
      '[voice message]',
    );
    const call = {
      _: 'messageService',
      id: 5,
      date: 1_700_000_005,
      out: true,
      peerId: { _: 'peerUser', userId: 1 },
      action: { _: 'messageActionPhoneCall', callId: Long.ZERO, duration: 60 },
    } as tl.RawMessageService;
    expect(wireMessage(call)).toEqual({ id: 5, date: 1_700_000_005, out: true, text: '[call]' });
    const joined = { ...call, action: { _: 'messageActionChatJoinedByLink', inviterId: 1 } } as tl.RawMessageService;
    expect(wireMessage(joined)?.text).toBe('[chat joined by link]');
    expect(wireMessage({ _: 'messageEmpty', id: 6 })).toBeNull();
  });

  it('asks Telegram for the messages just above min_id and answers them oldest first', async () => {
    const client = tlClient((request) => {
      if (request._ === 'messages.getDialogs') return { _: 'messages.dialogs', dialogs: [], messages: [], chats: [], users: [user(1)] };
      return {
        _: 'messages.messagesSlice',
        count: 3,
        messages: [text(13, 'c'), { _: 'messageEmpty', id: 12 }, text(11, 'a')],
        chats: [],
        users: [],
        topics: [],
      };
    });
    const { messages: list } = await messages(client, { peer_id: '1', min_id: 10, limit: 3 });
    expect(list.map((m) => m.id)).toEqual([11, 13]);
    expect(client.requests.at(-1)).toMatchObject({
      _: 'messages.getHistory',
      offsetId: 11,
      addOffset: -3,
      limit: 3,
      minId: 10,
      peer: { _: 'inputPeerUser', userId: 1 },
    });
  });

  it('answers PEER_ID_INVALID for a user the account has never seen', async () => {
    const client = tlClient((request) =>
      request._ === 'users.getUsers' ? [] : { _: 'messages.dialogs', dialogs: [], messages: [], chats: [], users: [] },
    );
    await expect(messages(client, { peer_id: '424242', min_id: 0, limit: 5 })).rejects.toMatchObject({
      status: 400,
      type: 'PEER_ID_INVALID',
    });
  });
});

describe('full users', () => {
  it('answers the bio, or null when there is none', async () => {
    const client = tlClient((request) => {
      if (request._ === 'messages.getDialogs')
        return { _: 'messages.dialogs', dialogs: [], messages: [], chats: [], users: [user(1), user(2)] };
      const id = ((request as tl.users.RawGetFullUserRequest).id as tl.RawInputUser).userId;
      return { _: 'users.userFull', fullUser: { _: 'userFull', id, about: id === 1 ? 'Climber' : undefined }, chats: [], users: [] };
    });
    expect(await usersFull(client, { user_ids: ['1', '2'] })).toEqual({
      users: [
        { id: '1', about: 'Climber' },
        { id: '2', about: null },
      ],
    });
  });
});

describe('groups', () => {
  it('keeps basic groups and megagroups the user is in, with marked ids', () => {
    const base = { photo: { _: 'chatPhotoEmpty' }, date: 0, version: 1 };
    expect(wireChat({ _: 'chat', id: 4001, title: 'Book club', participantsCount: 5, ...base } as tl.RawChat)).toEqual({
      id: '-4001',
      title: 'Book club',
      participants_count: 5,
    });
    expect(
      wireChat({ _: 'channel', id: 5002, title: 'Climbing', megagroup: true, participantsCount: 80, ...base } as tl.RawChannel),
    ).toEqual({ id: '-1000000005002', title: 'Climbing', participants_count: 80 });
    expect(
      wireChat({ _: 'channel', id: 5003, title: 'Unknown size', megagroup: true, ...base } as tl.RawChannel)?.participants_count,
    ).toBeNull();
    expect(wireChat({ _: 'channel', id: 5004, title: 'News', broadcast: true, ...base } as tl.RawChannel)).toBeNull();
    expect(wireChat({ _: 'chat', id: 4002, title: 'Left', left: true, participantsCount: 2, ...base } as tl.RawChat)).toBeNull();
    expect(
      wireChat({
        _: 'chat',
        id: 4003,
        title: 'Upgraded',
        migratedTo: { _: 'inputChannel', channelId: 1, accessHash: Long.ZERO },
        participantsCount: 2,
        ...base,
      } as tl.RawChat),
    ).toBeNull();
  });

  it('lists groups from the dialogs, up to the limit', async () => {
    const base = { photo: { _: 'chatPhotoEmpty' }, date: 0, version: 1 };
    const client = tlClient(() => ({
      _: 'messages.dialogs',
      dialogs: [
        dialog({ _: 'peerChannel', channelId: 7 }, 3),
        dialog({ _: 'peerUser', userId: 1 }, 2),
        dialog({ _: 'peerChat', chatId: 8 }, 1),
        dialog({ _: 'peerChat', chatId: 9 }, 1),
      ],
      messages: [],
      chats: [
        { _: 'channel', id: 7, title: 'Mega', megagroup: true, participantsCount: 300, ...base },
        { _: 'chat', id: 8, title: 'Small', participantsCount: 4, ...base },
        { _: 'chat', id: 9, title: 'Third', participantsCount: 4, ...base },
      ],
      users: [user(1)],
    }));
    expect(await chats(client, { limit: 2 })).toEqual({
      chats: [
        { id: '-1000000000007', title: 'Mega', participants_count: 300 },
        { id: '-8', title: 'Small', participants_count: 4 },
      ],
    });
  });

  it('reads a basic group in one call', async () => {
    const client = tlClient(() => ({
      _: 'messages.chatFull',
      fullChat: {
        _: 'chatFull',
        id: 8,
        participants: {
          _: 'chatParticipants',
          chatId: 8,
          version: 1,
          participants: [
            { _: 'chatParticipantCreator', userId: 1 },
            { _: 'chatParticipant', userId: 2 },
          ],
        },
      },
      chats: [],
      users: [user(1), user(2, { username: 'two' })],
    }));
    const { participants: list } = await participants(client, { chat_id: '-8', limit: 10 });
    expect(list.map((u) => [u.id, u.username])).toEqual([
      ['1', null],
      ['2', 'two'],
    ]);
    expect(client.requests).toMatchObject([{ _: 'messages.getFullChat', chatId: 8 }]);
  });

  it('pages a megagroup 200 members at a time up to the limit', async () => {
    const members = Array.from({ length: 450 }, (_, i) => user(10_000 + i));
    const client = tlClient((request) => {
      if (request._ === 'messages.getDialogs')
        return {
          _: 'messages.dialogs',
          dialogs: [],
          messages: [],
          chats: [
            {
              _: 'channel',
              id: 7,
              accessHash: Long.fromNumber(70),
              title: 'Mega',
              megagroup: true,
              photo: { _: 'chatPhotoEmpty' },
              date: 0,
            },
          ],
          users: [],
        };
      const q = request as tl.channels.RawGetParticipantsRequest;
      const page = members.slice(q.offset, q.offset + q.limit);
      return {
        _: 'channels.channelParticipants',
        count: members.length,
        participants: page.map((u) => ({ _: 'channelParticipant', userId: u.id, date: 0 })),
        chats: [],
        users: page,
      };
    });
    const { participants: list } = await participants(client, { chat_id: '-1000000000007', limit: 450 });
    expect(list).toHaveLength(450);
    expect(new Set(list.map((u) => u.id)).size).toBe(450);
    const pages = client.requests.filter((r) => r._ === 'channels.getParticipants') as tl.channels.RawGetParticipantsRequest[];
    expect(pages.map((p) => [p.offset, p.limit])).toEqual([
      [0, 200],
      [200, 200],
      [400, 50],
    ]);
    const short = await participants(client, { chat_id: '-1000000000007', limit: 250 });
    expect(short.participants).toHaveLength(250);
  });

  it('refuses an id that is not a group id', async () => {
    await expect(
      participants(
        tlClient(() => null),
        { chat_id: 'family', limit: 10 },
      ),
    ).rejects.toMatchObject({ status: 400, type: 'CHAT_ID_INVALID' });
  });
});

describe('sending', () => {
  it('derives the same 64-bit random_id from the same idempotency key, and a different one from another', () => {
    expect(randomIdFor('send-1').eq(randomIdFor('send-1'))).toBe(true);
    expect(randomIdFor('send-1').eq(randomIdFor('send-2'))).toBe(false);
  });

  it('finds the sent message by random_id in a full updates answer, and sends a retry only once', async () => {
    let sends = 0;
    const client = tlClient((request) => {
      if (request._ === 'contacts.resolveUsername')
        return { _: 'contacts.resolvedPeer', peer: { _: 'peerUser', userId: 1 }, chats: [], users: [user(1, { username: 'ana' })] };
      sends++;
      const randomId = (request as tl.messages.RawSendMessageRequest).randomId;
      return {
        _: 'updates',
        updates: [
          { _: 'updateMessageID', id: 77, randomId },
          { _: 'updateNewMessage', message: text(77, 'hi', { out: true, date: 1_750_000_000 }), pts: 1, ptsCount: 1 },
        ],
        users: [],
        chats: [],
        date: 0,
        seq: 0,
      };
    });
    const first = await sendMessage(client, { peer: '@ana', text: 'hi', random_id: 'k-1' });
    expect(first).toEqual({
      message: { id: 77, date: 1_750_000_000, out: true, text: 'hi' },
      peer: expect.objectContaining({ id: '1', username: 'ana' }),
    });
    expect(await sendMessage(client, { peer: '@ana', text: 'hi', random_id: 'k-1' })).toEqual(first);
    expect(sends).toBe(1);
    const sent = client.requests.find((r) => r._ === 'messages.sendMessage') as tl.messages.RawSendMessageRequest;
    expect(sent.randomId.eq(randomIdFor('k-1'))).toBe(true);
  });

  it('answers the earlier message when Telegram already has the random_id (the gateway restarted in between)', async () => {
    const client = tlClient((request) => {
      if (request._ === 'messages.getDialogs') return { _: 'messages.dialogs', dialogs: [], messages: [], chats: [], users: [user(1)] };
      if (request._ === 'messages.sendMessage') throw rpc(400, 'RANDOM_ID_DUPLICATE');
      return {
        _: 'messages.messages',
        messages: [text(90, 'hi', { out: true }), text(89, 'hi', { out: false })],
        chats: [],
        users: [],
        topics: [],
      };
    });
    expect((await sendMessage(client, { peer: '1', text: 'hi', random_id: 'k-2' })).message).toMatchObject({ id: 90, out: true });
  });
});

describe('errors', () => {
  it('carries FLOOD_WAIT seconds as mtcute parses them', () => {
    expect(toGatewayError(rpc(420, 'FLOOD_WAIT_42')).body()).toEqual({
      error: { type: 'FLOOD_WAIT', message: 'Telegram asks to wait 42 s', seconds: 42 },
    });
    expect(toGatewayError(rpc(420, 'FLOOD_WAIT_42')).status).toBe(420);
    expect(toGatewayError(rpc(420, 'FLOOD_PREMIUM_WAIT_5'))).toMatchObject({ status: 420, type: 'FLOOD_WAIT', seconds: 5 });
  });

  it('tells the login mistakes, the 2FA step and an ended session apart', () => {
    expect(toGatewayError(rpc(401, 'SESSION_PASSWORD_NEEDED'))).toMatchObject({ status: 401, type: 'SESSION_PASSWORD_NEEDED' });
    for (const type of ['PHONE_CODE_INVALID', 'PHONE_CODE_EXPIRED', 'PASSWORD_HASH_INVALID', 'PHONE_NUMBER_INVALID'])
      expect(toGatewayError(rpc(400, type))).toMatchObject({ status: 400, type });
    expect(toGatewayError(rpc(401, 'AUTH_KEY_UNREGISTERED'))).toMatchObject({ status: 401, type: 'AUTH_KEY_UNREGISTERED' });
    expect(toGatewayError(rpc(401, 'SESSION_REVOKED'))).toMatchObject({ status: 401, type: 'SESSION_REVOKED' });
    expect(toGatewayError(rpc(401, 'USER_DEACTIVATED'))).toMatchObject({ status: 401, type: 'AUTH_KEY_UNREGISTERED' });
    expect(toGatewayError(rpc(500, 'INTERNAL'))).toMatchObject({ status: 502, type: 'TELEGRAM_ERROR' });
    expect(toGatewayError(new Error('socket closed'))).toMatchObject({ status: 503, type: 'UNAVAILABLE' });
  });
});
