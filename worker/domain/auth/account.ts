import type { Db } from '../../db/client';
import { nowIso, sha256Hex } from '../../db/columns';
import { AppError, notFound } from '../errors';
import { apiLimitKey } from './api-caller';
import {
  deleteOtherSessions,
  deleteRateLimitKey,
  deleteUnusedResets,
  deleteUser,
  sessionIdsOf,
  sessionsOf,
  setPasswordHash,
} from './account-queries';
import { assertAcceptablePassword } from './password-rule';
import { hashPassword, verifyPassword, type PasswordIterations } from './passwords';
import type { Deps } from '../deps';
import { endEveryWayIn, type EndedWaysIn } from './every-way-in';
import { deleteSession } from './session-queries';
import { countTokens } from './tokens';
import { removeUserData } from './user-placement';
import { deleteObjectsUnder, userObjectPrefixes } from '../files/file-storage';
import { userById } from './user-queries';

export interface SessionSummary {
  id: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

async function assertPassword(db: Db, userId: string, password: string): Promise<void> {
  const row = await userById(db, userId);
  if (!row || !(await verifyPassword(password, row.passwordHash, row.passwordSalt))) {
    throw new AppError('invalid_request', 'The current password is incorrect', {
      issues: [{ path: 'current_password', message: 'is incorrect' }],
    });
  }
}

/**
 * What signing out left behind: personal access tokens are not sessions (scripts and the
 * extension hold them), so they keep working until revoked; the answer says how many.
 */
export interface SignedOutElsewhere {
  signedOutSessions: number;
  tokensRemaining: number;
}

/**
 * Changes the password, signs out every other session (a stolen session dies with it) and
 * kills every reset link not yet used (a link mailed before the change must not undo it).
 */
export async function changePassword(
  db: Db,
  iterations: PasswordIterations,
  userId: string,
  currentPassword: string,
  newPassword: string,
  currentSessionToken?: string,
): Promise<SignedOutElsewhere> {
  await assertAcceptablePassword(newPassword, 'new_password');
  await assertPassword(db, userId, currentPassword);
  const { hash, salt } = await hashPassword(newPassword, iterations);
  const keep = currentSessionToken ? await sha256Hex(currentSessionToken) : '';
  const [, signedOut] = await db.batch([
    setPasswordHash(db, userId, hash, salt, nowIso()),
    deleteOtherSessions(db, userId, keep),
    deleteUnusedResets(db, userId),
  ]);
  return { signedOutSessions: signedOut.length, tokensRemaining: await countTokens(db, userId) };
}

export async function listSessions(db: Db, userId: string, currentSessionToken?: string): Promise<SessionSummary[]> {
  const current = currentSessionToken ? await sha256Hex(currentSessionToken) : '';
  const rows = await sessionsOf(db, userId);
  // The public id of a session is a hash of its stored id, so the list never exposes a usable key.
  return Promise.all(
    rows.map(async (r) => ({
      id: (await sha256Hex(r.id)).slice(0, 32),
      user_agent: r.userAgent,
      created_at: r.createdAt,
      last_seen_at: r.lastSeenAt,
      current: r.id === current,
    })),
  );
}

export async function revokeSessionById(db: Db, userId: string, publicId: string): Promise<void> {
  const rows = await sessionIdsOf(db, userId);
  for (const row of rows) {
    if ((await sha256Hex(row.id)).slice(0, 32) === publicId) {
      await deleteSession(db, row.id);
      return;
    }
  }
  throw notFound('Session');
}

/**
 * "Log out everywhere": every way in ends (sessions, tokens, the calendar feed's URL, …), except
 * the session asking when it passes `keepSessionToken`. Answers what was ended.
 */
export async function logOutEverywhere(deps: Pick<Deps, 'directory' | 'store'>, keepSessionToken?: string): Promise<EndedWaysIn> {
  return endEveryWayIn(deps, { keepSessionToken });
}

/**
 * Deletes the account and, through the foreign keys, every row that belongs to it (on a shard,
 * through its stub users row, docs/decisions/015); the API
 * counters are keyed by the user id without a foreign key, so they go in the same batch.
 */
export async function deleteAccount(
  deps: Pick<Deps, 'directory' | 'store' | 'env'>,
  userId: string,
  confirmEmail: string,
  password: string,
): Promise<EndedWaysIn> {
  const db = deps.directory.db;
  const row = await userById(db, userId);
  if (!row) throw notFound('Account');
  if (confirmEmail.trim().toLowerCase() !== row.email.toLowerCase()) {
    throw new AppError('invalid_request', 'Type your email address to confirm', {
      issues: [{ path: 'confirm_email', message: 'does not match your email' }],
    });
  }
  await assertPassword(db, userId, password);
  // Every way in first, so the answer can say what ended; the foreign keys would take them anyway.
  const ended = await endEveryWayIn(deps);
  // The user's data next: should this fail, the account is still there to delete again. The
  // bytes in R2 first (files, photos, logos under the user's prefixes), while rows still name them.
  if (deps.env.FILES) await deleteObjectsUnder(deps.env.FILES, userObjectPrefixes(userId));
  await removeUserData(deps.store);
  await db.batch([deleteRateLimitKey(db, apiLimitKey(userId)), deleteUser(db, userId)]);
  return ended;
}
