import { createHash } from 'node:crypto';
import { Long } from '@mtcute/core';

/**
 * Telegram's 64-bit random_id for sendMessage, derived from Kith's idempotency key: a retry of
 * the same send carries the same key, so Telegram sees the same random_id and does not
 * deliver the message twice.
 */
export function randomIdFor(idempotencyKey: string): Long {
  const digest = createHash('sha256').update(`kith-telegram-send:${idempotencyKey}`).digest();
  return Long.fromBytesLE([...digest.subarray(0, 8)], false);
}
