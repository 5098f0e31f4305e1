import type { Db } from '../../db/client';
import { RateLimitedError } from '../errors';
import { clientAddress } from './client-address';
import { rateWindow } from './rate-limit';
import { countHit } from './rate-limit-queries';
import { normalEmail, SOURCE_FACTOR } from './sign-in-throttle';

// "Forgot password" must be neither a mail bomb nor a lock (docs/decisions/007, issue 41): a
// source asking too often is refused (429, it is the sender's own address), while an address
// gets at most RESET_MAILS emails however many sources ask, and the form answers the same
// when it gets none. These counters are the reset's own: they never touch sign-in.

export const RESET_MAILS = { perHour: 3, perDay: 10 };

/**
 * Counts one reset request; throws 429 over 5×N per 15 minutes from its source. Answers
 * whether the address may be mailed again (false silently drops the email).
 */
export async function mayMailReset(db: Db, n: number, request: Request, email: string): Promise<boolean> {
  const source = rateWindow(15 * 60);
  const hour = rateWindow(3600);
  const day = rateWindow(86_400);
  const address = normalEmail(email);
  const [fromSource] = await db.$client.batch<{ count: number }>([countHit(db, `reset-ip:${clientAddress(request)}`, source.windowStart)]);
  if ((fromSource?.results[0]?.count ?? 0) > n * SOURCE_FACTOR) {
    throw new RateLimitedError(source.retryAfterSeconds, 'Too many requests; try again later');
  }
  const [inHour, inDay] = await db.$client.batch<{ count: number }>([
    countHit(db, `reset-mail-h:${address}`, hour.windowStart),
    countHit(db, `reset-mail-d:${address}`, day.windowStart),
  ]);
  return (inHour?.results[0]?.count ?? 0) <= RESET_MAILS.perHour && (inDay?.results[0]?.count ?? 0) <= RESET_MAILS.perDay;
}
