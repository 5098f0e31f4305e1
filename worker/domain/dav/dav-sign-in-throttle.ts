import type { Db } from '../../db/client';
import { clientAddress } from '../auth/client-address';
import { failureBudget, type FailureBudget } from '../auth/failure-budget';
import { SOURCE_FACTOR } from '../auth/sign-in-throttle';

// Failed sync-password sign-ins, per source (ADR 007's policy, ADR 028): a source (client
// address) may fail 5×N times in 15 minutes (N = AUTH_RATE_LIMIT_PER_15_MIN); past that each
// further failure from it is answered 429 + Retry-After until the window ends. A sync password
// cannot be guessed, so the right one always gets in, even from that source (failure-budget.ts):
// a phone on the same network as an attacker keeps syncing. Its own key, apart from the web
// sign-in's: a phone left with a revoked password retrying on the owner's network must not use
// up the budget their browser signs in with. Only wrong credentials count, never the first
// request without any (which asks for the challenge) and never a right one.

const MESSAGE = 'Too many failed sync sign-ins from this network; try again later';

export type DavSourceBudget = FailureBudget;

/** The budget a wrong sync password counts against (429 past it). */
export function davSourceBudget(db: Db, n: number, request: Request): DavSourceBudget {
  return failureBudget(db, `dav-auth-ip:${clientAddress(request)}`, n * SOURCE_FACTOR, MESSAGE);
}
