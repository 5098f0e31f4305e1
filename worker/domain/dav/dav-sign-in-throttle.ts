import type { Db } from '../../db/client';
import { clientAddress } from '../auth/client-address';
import { rateWindow } from '../auth/rate-limit';
import { countHit, peekCount } from '../auth/rate-limit-queries';
import { SOURCE_FACTOR } from '../auth/sign-in-throttle';
import { RateLimitedError } from '../errors';

// Failed sync-password sign-ins, per source (ADR 007's policy, ADR 028): a source (client
// address) may fail 5×N times in 15 minutes (N = AUTH_RATE_LIMIT_PER_15_MIN); over that every
// DAV sign-in from it is refused (429 + Retry-After) until the window ends. Its own key, apart
// from the web sign-in's: a phone left with a revoked password retrying on the owner's network
// must not use up the budget their browser signs in with. Only wrong credentials count, never
// the first request without any (which asks for the challenge) and never a right one, so a
// phone's sync costs one read here.

const WINDOW_SECONDS = 15 * 60;
const MESSAGE = 'Too many failed sync sign-ins from this network; try again later';

export interface DavSourceBudget {
  /** Counts one wrong password against the source. */
  failed(): Promise<void>;
}

/** Refuses a source over its failures (429); else the budget that a wrong password counts against. */
export async function davSourceBudget(db: Db, n: number, request: Request): Promise<DavSourceBudget> {
  const window = rateWindow(WINDOW_SECONDS);
  const key = `dav-auth-ip:${clientAddress(request)}`;
  const row = await peekCount(db, key, window.windowStart).first<{ count: number }>();
  if ((row?.count ?? 0) >= n * SOURCE_FACTOR) throw new RateLimitedError(window.retryAfterSeconds, MESSAGE);
  return {
    async failed() {
      await countHit(db, key, window.windowStart).run();
    },
  };
}
