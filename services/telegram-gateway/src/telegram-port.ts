import type { tl } from '@mtcute/core';

/**
 * The gateway's one boundary to MTProto: a live, per-session client. The real one wraps
 * mtcute's TelegramClient (mtcute-client.ts); tests hand in a scripted one that answers raw
 * TL requests with hand-built TL objects, so everything above this line runs for real.
 */
export interface TelegramPort {
  /** One raw TL request (errors are tl.RpcError, as mtcute throws them). */
  call<T extends tl.RpcMethod>(request: T): Promise<tl.RpcCallReturn[T['_']]>;
  /** Asks Telegram to send a login code; answers the phone_code_hash. */
  sendCode(phone: string): Promise<string>;
  signIn(q: { phone: string; phoneCodeHash: string; phoneCode: string }): Promise<tl.TypeUser>;
  /** The 2FA password step (SRP is computed by mtcute). */
  checkPassword(password: string): Promise<tl.TypeUser>;
  /** The session string as it stands now (auth key, DC, signed-in user). */
  exportSession(): Promise<string>;
  close(): Promise<void>;
}

/** Opens a client for a session string, or a fresh unauthorized one when `session` is null. */
export type ClientFactory = (session: string | null) => Promise<TelegramPort>;
