import type { Db } from '../../db/client';
import { assertUnderLimit, rateWindow } from './rate-limit';
import { countHit } from './rate-limit-queries';

// Credentials that cannot be guessed (a sync password, a passkey, an OAuth code or refresh
// token: 100 bits or more) are checked BEFORE their source's budget is looked at: the right one
// always passes, whatever the count, so an attacker sharing the owner's network never keeps the
// owner out (issue 41, docs/decisions/007 and 050). Only wrong ones count against the source;
// past the limit in one window the answer is 429 + Retry-After instead of the usual refusal.
// Passwords, which can be guessed, keep the stricter check-first budgets of sign-in-throttle.ts.

export const FAILURE_WINDOW_SECONDS = 15 * 60;

export interface FailureBudget {
  /** Counts one wrong credential; throws RateLimitedError once the source is past its limit. */
  failed(): Promise<void>;
}

export function failureBudget(db: Db, key: string, limit: number, message: string): FailureBudget {
  return {
    async failed() {
      const window = rateWindow(FAILURE_WINDOW_SECONDS);
      const row = await countHit(db, key, window.windowStart).first<{ count: number }>();
      assertUnderLimit(row?.count, limit, window, message);
    },
  };
}

/** Runs the check of an unguessable credential; a refusal it throws first counts against `budget`. */
export async function checkedAgainst<T>(budget: FailureBudget, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await budget.failed();
    throw error;
  }
}
