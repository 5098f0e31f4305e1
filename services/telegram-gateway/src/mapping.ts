import type { tl } from '@mtcute/core';
import type { WireChat, WireMessage, WireUser } from './wire.ts';

// Telegram's TL objects (as mtcute hands them over) in the wire format of ADR 009.

export function wireUser(user: tl.TypeUser): WireUser {
  if (user._ === 'userEmpty') return { id: String(user.id), username: null, first_name: null, last_name: null, phone: null, bot: false };
  const username = user.username ?? user.usernames?.find((u) => u.active)?.username ?? null;
  return {
    id: String(user.id),
    username: username || null,
    first_name: user.firstName || null,
    last_name: user.lastName || null,
    phone: user.phone || null,
    bot: Boolean(user.bot),
  };
}

const MEDIA_NAMES: Record<string, string> = {
  messageMediaPhoto: 'photo',
  messageMediaDocument: 'file',
  messageMediaGeo: 'location',
  messageMediaGeoLive: 'live location',
  messageMediaVenue: 'venue',
  messageMediaContact: 'contact',
  messageMediaPoll: 'poll',
  messageMediaWebPage: 'link',
  messageMediaDice: 'dice',
  messageMediaGame: 'game',
  messageMediaInvoice: 'invoice',
  messageMediaStory: 'story',
};

function documentKind(media: tl.TypeMessageMedia): string | null {
  if (media._ !== 'messageMediaDocument') return null;
  if (media.voice) return 'voice message';
  if (media.round) return 'video message';
  if (media.video) return 'video';
  const doc = media.document;
  if (doc?._ === 'document') {
    if (doc.attributes.some((a) => a._ === 'documentAttributeSticker')) return 'sticker';
    if (doc.attributes.some((a) => a._ === 'documentAttributeAudio')) return 'audio';
    if (doc.attributes.some((a) => a._ === 'documentAttributeVideo')) return 'video';
  }
  return 'file';
}

/** What a service message says, in a few words (a call, a pin, a screenshot...). */
function serviceText(action: tl.TypeMessageAction): string {
  switch (action._) {
    case 'messageActionPhoneCall':
      return action.video ? '[video call]' : '[call]';
    case 'messageActionPinMessage':
      return '[pinned a message]';
    case 'messageActionScreenshotTaken':
      return '[took a screenshot]';
    case 'messageActionContactSignUp':
      return '[joined Telegram]';
    case 'messageActionHistoryClear':
      return '[cleared the history]';
    default:
      return `[${action._.replace(/^messageAction/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()}]`;
  }
}

/** A message as Kith stores it; media without a caption becomes e.g. "[photo]". Empty ones are dropped. */
export function wireMessage(message: tl.TypeMessage): WireMessage | null {
  if (message._ === 'messageEmpty') return null;
  if (message._ === 'messageService')
    return { id: message.id, date: message.date, out: Boolean(message.out), text: serviceText(message.action) };
  let text = message.message;
  if (!text && message.media && message.media._ !== 'messageMediaEmpty')
    text = `[${documentKind(message.media) ?? MEDIA_NAMES[message.media._] ?? 'media'}]`;
  return { id: message.id, date: message.date, out: Boolean(message.out), text };
}

const CHANNEL_OFFSET = 1_000_000_000_000;

/** Basic groups as -id, megagroups as -(10^12 + id): the "marked" ids Telegram's Bot API and apps use. */
export const markedChatId = (chat: tl.TypeChat): string =>
  chat._ === 'channel' || chat._ === 'channelForbidden' ? String(-(CHANNEL_OFFSET + chat.id)) : String(-chat.id);

export function parseMarkedChatId(id: string): { kind: 'chat' | 'channel'; id: number } | null {
  if (!/^-\d{1,16}$/.test(id)) return null;
  const n = -Number(id);
  return n > CHANNEL_OFFSET ? { kind: 'channel', id: n - CHANNEL_OFFSET } : { kind: 'chat', id: n };
}

/** Groups and megagroups the user is still in; channels (broadcasts) and groups left or upgraded are not. */
export function wireChat(chat: tl.TypeChat): WireChat | null {
  if (chat._ === 'chat' && !chat.left && !chat.deactivated && !chat.migratedTo)
    return { id: markedChatId(chat), title: chat.title, participants_count: chat.participantsCount };
  if (chat._ === 'channel' && chat.megagroup && !chat.left)
    return { id: markedChatId(chat), title: chat.title, participants_count: chat.participantsCount ?? null };
  return null;
}
