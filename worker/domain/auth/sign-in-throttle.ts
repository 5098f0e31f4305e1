import type { Db } from '../../db/client';
import { RateLimitedError } from '../errors';
import { clientAddress } from './client-address';
import type { KnownDevice } from './known-devices';
import { rateWindow } from './rate-limit';
import { countHit, forgetKey, peekCount, refundHit } from './rate-limit-queries';

// Throttle the attacker, not the victim (docs/decisions/007, issue 41). With N =
// AUTH_RATE_LIMIT_PER_15_MIN, in one 15-minute window:
// - a source (client address) may fail 5×N times; over that it is refused (429);
// - an address from one source (or from one known device) may fail N times; then refused (429);
// - the address alone is never refused: after N failures from anywhere, each attempt from a
//   browser that never signed in to it waits SLOWDOWN first, doubling per further failure.
// An attempt counts against its source and pair before the password is checked (so parallel
// guesses count too) and is taken back when the password was right: what stays counted are
// failures.

const WINDOW_SECONDS = 15 * 60;
export const SOURCE_FACTOR = 5;
export const SLOWDOWN = { firstMs: 250, maxMs: 8_000 };
const MESSAGE = 'Too many sign-in attempts; try again later';

export const normalEmail = (email: string) => email.trim().toLowerCase();

/** The wait before an attempt on an address that failed `failures` times (threshold `n`). */
export function slowdownMs(failures: number, n: number): number {
  if (failures < n) return 0;
  return Math.min(SLOWDOWN.maxMs, SLOWDOWN.firstMs * 2 ** Math.min(failures - n, 16));
}

export interface Attempt {
  /** The password (or the new account) was right: the counted attempt is taken back. */
  succeeded(): Promise<void>;
  /** It was wrong: it stays counted, and it slows the address down for strangers. */
  failed(): Promise<void>;
}

/**
 * Counts one sign-in or sign-up attempt before the password is checked, refusing it (429 +
 * Retry-After) when its source or its pair is over budget, and waits when strangers' failures
 * slowed the address. `slowAddress: false` (sign-up) neither waits nor slows the address.
 */
export async function startAttempt(
  db: Db,
  n: number,
  request: Request,
  email: string,
  device: KnownDevice | null,
  options: { slowAddress: boolean } = { slowAddress: true },
): Promise<Attempt> {
  const window = rateWindow(WINDOW_SECONDS);
  const address = normalEmail(email);
  const source = clientAddress(request);
  // A known device keeps its own count, so a hostile network around it changes nothing.
  const budgets = device
    ? [{ key: `auth-device:${device.id}`, limit: n }]
    : [
        { key: `auth-ip:${source}`, limit: n * SOURCE_FACTOR },
        { key: `auth-pair:${address}|${source}`, limit: n },
      ];
  const addressKey = `auth-fails:${address}`;
  const results = await db.$client.batch<{ count: number }>([
    ...budgets.map((b) => countHit(db, b.key, window.windowStart)),
    peekCount(db, addressKey, window.windowStart),
  ]);
  const counts = results.map((r) => r.results[0]?.count ?? 0);
  if (budgets.some((b, i) => counts[i]! > b.limit)) throw new RateLimitedError(window.retryAfterSeconds, MESSAGE);
  const addressFailures = counts[budgets.length]!;
  const wait = options.slowAddress && !device ? slowdownMs(addressFailures, n) : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return {
    async succeeded() {
      const [first, pair] = budgets;
      await db.$client.batch(
        device ? [forgetKey(db, first!.key)] : [refundHit(db, first!.key, window.windowStart), forgetKey(db, pair!.key)],
      );
    },
    async failed() {
      if (options.slowAddress) await countHit(db, addressKey, rateWindow(WINDOW_SECONDS).windowStart).run();
    },
  };
}

/** Runs `work` as one counted attempt: taken back if it succeeds, left counted if it throws. */
export async function asAttempt<T>(attempt: Attempt, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await attempt.failed();
    throw error;
  }
  await attempt.succeeded();
  return result;
}
