import { nowIso, sha256Hex } from '../../db/columns';
import type { UserStore } from '../../db/stores';
import { AppError } from '../errors';
import { claimKey, readKey, releaseKey, storeResult } from './idempotency-queries';

/** How long a key answers with its first result: as long as a phone keeps a queued write (ADR 045). */
export const IDEMPOTENCY_KEY_DAYS = 30;
/** A first request still unanswered after this long died (a Worker stopped mid-write): its key is free again. */
export const ABANDONED_AFTER_MS = 60_000;

/** What a key is used for: the write and the record it names, and the write's parsed input. */
export interface KeyedWrite {
  operation: string;
  input: unknown;
}

/** JSON with every object's keys in order, and no undefined: the same input hashes the same however it was sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const fingerprintOf = (write: KeyedWrite) => sha256Hex(`${write.operation}\n${canonical(write.input)}`);

/**
 * Runs `write` once per key: the first request with `key` runs it and keeps its answer; the
 * same key again (the same write sent twice: a retry, a replayed offline queue) gets that
 * answer and writes nothing. The key with another write is refused (422), and while the first
 * request still runs a second is told to retry (409). A write that fails frees its key, so the
 * retry of a refused or failed write runs again. Without a key the write simply runs.
 */
export async function once<R>(
  store: UserStore,
  key: string | undefined,
  write: KeyedWrite,
  run: () => Promise<R>,
  attempt = 0,
): Promise<R> {
  if (!key) return run();
  const fingerprint = await fingerprintOf(write);
  if (!(await claimKey(store, key, write.operation, fingerprint, nowIso()))) {
    const first = await readKey(store, key);
    if (first && (first.operation !== write.operation || first.fingerprint !== fingerprint)) {
      throw new AppError('not_processable', 'This Idempotency-Key was already used for a different request; send a new key.', {
        reason: 'idempotency_key_reused',
      });
    }
    if (first?.result != null) return JSON.parse(first.result) as R;
    const abandoned = first && Date.now() - Date.parse(first.created_at) > ABANDONED_AFTER_MS;
    if ((first && !abandoned) || attempt > 0) {
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry in a moment.', {
        reason: 'idempotency_key_in_use',
      });
    }
    // Gone meanwhile (swept, or its write failed), or abandoned: this request takes it.
    if (first) await releaseKey(store, key, first.created_at);
    return once(store, key, write, run, attempt + 1);
  }
  let result: R;
  try {
    result = await run();
  } catch (error) {
    await releaseKey(store, key);
    throw error;
  }
  await storeResult(store, key, JSON.stringify(result ?? null));
  return result;
}
