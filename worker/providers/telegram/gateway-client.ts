import { ProviderError } from '../provider-error';
import { providerFetch, type ProviderHttp } from '../provider-fetch';

// Kith's side of the Telegram gateway (docs/decisions/009-telegram-through-a-gateway.md):
// MTProto runs in a small service beside the Worker; every call carries the user's session.

export interface TelegramUser {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  bot?: boolean;
}

export interface TelegramDialog {
  peer: TelegramUser;
  top_message_id: number;
  /** Our messages with an id up to this one were read by the peer (Telegram's read_outbox_max_id). */
  read_outbox_max_id: number;
  read_inbox_max_id: number;
}

export interface TelegramMessage {
  id: number;
  /** Unix seconds. */
  date: number;
  out: boolean;
  text: string;
}

export interface TelegramChat {
  id: string;
  title: string;
  participants_count: number | null;
}

export interface SignedIn {
  session: string;
  user: TelegramUser;
}

/** The gateway's answers that are the user's to fix (a wrong code, a 2FA account...). */
export class TelegramAuthError extends Error {
  constructor(readonly type: string) {
    super(type);
    this.name = 'TelegramAuthError';
  }
}

/** The user ended Kith's session in Telegram (Settings → Devices): reconnect needed. */
export class TelegramSessionRevoked extends Error {
  constructor() {
    super('The Telegram session was ended; connect Telegram again.');
    this.name = 'TelegramSessionRevoked';
  }
}

export interface TelegramGateway {
  sendCode(phone: string): Promise<{ session: string; phone_code_hash: string }>;
  signIn(q: { session: string; phone: string; phone_code_hash: string; code: string }): Promise<SignedIn>;
  checkPassword(q: { session: string; password: string }): Promise<SignedIn>;
  dialogs(session: string, limit: number): Promise<TelegramDialog[]>;
  messages(session: string, peerId: string, minId: number, limit: number): Promise<TelegramMessage[]>;
  bios(session: string, userIds: string[]): Promise<{ id: string; about: string | null }[]>;
  chats(session: string, limit: number): Promise<TelegramChat[]>;
  participants(session: string, chatId: string, limit: number): Promise<TelegramUser[]>;
  /** `peer` is a Telegram id or an @username; answers the message and whom it went to. */
  sendMessage(session: string, peer: string, text: string, randomId: string): Promise<{ message: TelegramMessage; peer: TelegramUser }>;
}

const PROVIDER = 'Telegram';
const USER_ERRORS = new Set([
  'SESSION_PASSWORD_NEEDED',
  'PHONE_CODE_INVALID',
  'PHONE_CODE_EXPIRED',
  'PASSWORD_HASH_INVALID',
  'PHONE_NUMBER_INVALID',
  'PHONE_NUMBER_BANNED',
]);
const REVOKED = new Set(['AUTH_KEY_UNREGISTERED', 'SESSION_REVOKED', 'USER_DEACTIVATED']);

/**
 * The HTTP client of the gateway at `baseUrl`, authenticated with the shared secret.
 * `onSession` hears of a session the gateway moved during a call (a DC migration): from then
 * on that string is the user's authorization.
 */
export function telegramGateway(
  baseUrl: string,
  secret: string,
  http: ProviderHttp = { fetch },
  onSession?: (session: string) => Promise<void>,
): TelegramGateway {
  async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const res = await providerFetch(PROVIDER, http, `${baseUrl.replace(/\/+$/, '')}/v1/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => null)) as (T & { session?: unknown; error?: { type?: string; seconds?: number } }) | null;
    if (res.ok && answer) {
      const moved = !method.startsWith('auth/') && typeof answer.session === 'string' && answer.session !== body.session;
      if (moved && onSession) await onSession(answer.session as string);
      return answer;
    }
    const type = answer?.error?.type ?? '';
    if (type === 'FLOOD_WAIT' || res.status === 420)
      throw new ProviderError(PROVIDER, 'rate_limited', `${method}: FLOOD_WAIT`, Math.max(1, Math.ceil(answer?.error?.seconds ?? 60)));
    if (USER_ERRORS.has(type)) throw new TelegramAuthError(type);
    if (REVOKED.has(type)) throw new TelegramSessionRevoked();
    if (res.status === 401 || res.status === 403) throw new ProviderError(PROVIDER, 'unauthorized', `${method}: ${res.status}`);
    if (res.ok || res.status < 500) throw new ProviderError(PROVIDER, 'bad_response', `${method}: ${res.status} ${type}`);
    throw new ProviderError(PROVIDER, 'unavailable', `${method}: ${res.status}`);
  }
  return {
    sendCode: (phone) => call('auth/send-code', { phone }),
    signIn: (q) => call('auth/sign-in', q),
    checkPassword: (q) => call('auth/check-password', q),
    dialogs: async (session, limit) => (await call<{ dialogs: TelegramDialog[] }>('dialogs', { session, limit })).dialogs,
    messages: async (session, peer_id, min_id, limit) =>
      (await call<{ messages: TelegramMessage[] }>('messages', { session, peer_id, min_id, limit })).messages,
    bios: async (session, user_ids) =>
      (await call<{ users: { id: string; about: string | null }[] }>('users/full', { session, user_ids })).users,
    chats: async (session, limit) => (await call<{ chats: TelegramChat[] }>('chats', { session, limit })).chats,
    participants: async (session, chat_id, limit) =>
      (await call<{ participants: TelegramUser[] }>('chats/participants', { session, chat_id, limit })).participants,
    sendMessage: (session, peer, text, random_id) => call('messages/send', { session, peer, text, random_id }),
  };
}
