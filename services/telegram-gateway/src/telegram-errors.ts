import { tl } from '@mtcute/core';
import { GatewayError } from './wire.ts';

const USER_MISTAKES = new Set([
  'PHONE_CODE_INVALID',
  'PHONE_CODE_EXPIRED',
  'PHONE_CODE_EMPTY',
  'PASSWORD_HASH_INVALID',
  'PHONE_NUMBER_INVALID',
  'PHONE_NUMBER_BANNED',
  'PHONE_NUMBER_UNOCCUPIED',
  'PEER_ID_INVALID',
  'USERNAME_INVALID',
  'USERNAME_NOT_OCCUPIED',
  'MESSAGE_EMPTY',
  'MESSAGE_TOO_LONG',
  'CHAT_ID_INVALID',
  'CHANNEL_INVALID',
  'CHANNEL_PRIVATE',
  'USER_IS_BLOCKED',
  'INPUT_USER_DEACTIVATED',
]);
const SESSION_ENDED = new Set([
  'AUTH_KEY_UNREGISTERED',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
  'USER_DEACTIVATED',
  'USER_DEACTIVATED_BAN',
  'AUTH_KEY_INVALID',
  'AUTH_KEY_PERM_EMPTY',
]);

/** Telegram's answer, as mtcute throws it, in the wire format's error envelope. */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof tl.RpcError) {
    // mtcute folds FLOOD_WAIT_X into text "FLOOD_WAIT_%d" with `seconds`; premium and slow-mode waits alike.
    // FLOOD_PREMIUM_WAIT_X is left as is: its seconds are read from the text.
    const digits = /_(\d+)$/.exec(error.text)?.[1];
    const seconds = (error as tl.RpcError & { seconds?: number }).seconds ?? (digits ? Number(digits) : undefined);
    if (/^(FLOOD_WAIT|FLOOD_PREMIUM_WAIT|SLOWMODE_WAIT)/.test(error.text) || error.code === 420) {
      return new GatewayError(420, 'FLOOD_WAIT', `Telegram asks to wait ${seconds ?? 60} s`, seconds ?? 60);
    }
    if (error.text === 'SESSION_PASSWORD_NEEDED')
      return new GatewayError(401, 'SESSION_PASSWORD_NEEDED', 'this account has a 2FA password');
    if (SESSION_ENDED.has(error.text))
      return new GatewayError(
        401,
        error.text === 'SESSION_REVOKED' ? 'SESSION_REVOKED' : 'AUTH_KEY_UNREGISTERED',
        'the Telegram session has ended',
      );
    if (USER_MISTAKES.has(error.text)) return new GatewayError(400, error.text, error.text);
    if (error.code === 400) return new GatewayError(400, error.text, error.text);
    return new GatewayError(502, 'TELEGRAM_ERROR', `Telegram answered ${error.code} ${error.text}`);
  }
  // Not Telegram's answer (a dropped connection, a timeout): the caller may retry.
  return new GatewayError(503, 'UNAVAILABLE', error instanceof Error ? error.message : String(error));
}
