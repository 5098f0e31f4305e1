import type { Db } from '../../db/client';
import { hitRateLimit } from './rate-limit';

/** Sign-in and sign-up share a budget; password-reset requests have their own. */
export type AttemptScope = 'auth' | 'reset';

const MESSAGES: Record<AttemptScope, string> = {
  auth: 'Too many sign-in attempts; try again later',
  reset: 'Too many requests; try again later',
};

const WINDOW_SECONDS = 15 * 60;

/**
 * The client's address as Cloudflare saw it. Only `cf-connecting-ip`: the edge sets it and a
 * client cannot, unlike `x-forwarded-for`. Without it (local runs) every caller is one client.
 */
export function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip') ?? 'local';
}

/**
 * Counts one attempt against the client address (5× the limit: people share addresses) and
 * against the email, trimmed and lower-cased so spellings of one address share a count.
 * Throws RateLimitedError (429 + Retry-After) over AUTH_RATE_LIMIT_PER_15_MIN. Pages and the
 * API call this one function, so the rule cannot drift between them.
 */
export async function limitAuthAttempts(
  db: Db,
  perWindow: number,
  request: Request,
  email: string,
  scope: AttemptScope = 'auth',
): Promise<void> {
  const message = MESSAGES[scope];
  await hitRateLimit(db, `${scope}-ip:${clientAddress(request)}`, perWindow * 5, WINDOW_SECONDS, message);
  await hitRateLimit(db, `${scope}-email:${email.trim().toLowerCase()}`, perWindow, WINDOW_SECONDS, message);
}
