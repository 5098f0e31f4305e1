import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import type { UserRow } from '../../db/schema';
import { DIRECTORY_DATABASE } from '../../db/stores';
import type { Deps, ServerDeps } from '../deps';
import { AppError } from '../errors';
import { ensureZoneOffsets, refreshUserDueDates } from '../keep-in-touch/zone-offsets';
import { assertAcceptablePassword } from './password-rule';
import { hashPassword, noAccount, verifyPassword, type PasswordIterations } from './passwords';
import { placeNewUser } from './user-placement';
import { copyTimeZoneToStub, insertUser, updateUserRow, userById, userIdsAfterOn, userIdWithEmail, userWithEmail } from './user-queries';

export interface PublicUser {
  id: string;
  email: string;
  name: string;
  time_zone: string;
  created_at: string;
}

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, email: row.email, name: row.name, time_zone: row.timeZone, created_at: row.createdAt };
}

/** Whether the runtime knows `timeZone` as an IANA zone ("Europe/Berlin", "UTC"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the runtime knows, else UTC (a browser may send nothing or something odd). */
export function validTimeZone(timeZone: string | undefined | null): string {
  return timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

/** The account's own settings: name and time zone (the zone every date in Kith is shown in). */
export async function updateProfile(
  deps: Pick<Deps, 'directory' | 'db' | 'store'>,
  userId: string,
  input: { name?: string; time_zone?: string },
): Promise<PublicUser> {
  if (input.time_zone !== undefined && !isKnownTimeZone(input.time_zone)) {
    throw new AppError('not_processable', `Unknown time zone "${input.time_zone.slice(0, 64)}"; use an IANA name such as Europe/Berlin`, {
      field: 'time_zone',
    });
  }
  const row = await updateUserRow(deps.directory.db, userId, {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    updatedAt: nowIso(),
  });
  if (!row) throw new AppError('not_found', 'Account not found');
  if (input.time_zone !== undefined) {
    // On a shard the due-date triggers read the zone from the user's stub users row there.
    if (deps.store.database !== DIRECTORY_DATABASE) await copyTimeZoneToStub(deps.db, userId, row.timeZone, row.updatedAt);
    // Due dates are dates in the user's zone: a new zone moves them.
    await refreshUserDueDates(deps.db, userId, row.timeZone);
  }
  return toPublicUser(row);
}

export async function signUp(
  server: ServerDeps,
  input: { email: string; password: string; name: string; timeZone?: string },
): Promise<PublicUser> {
  await assertAcceptablePassword(input.password, 'password');
  const db = server.directory.db;
  const email = input.email.trim().toLowerCase();
  const existing = await userIdWithEmail(db, email);
  if (existing) throw new AppError('conflict', 'An account with this email already exists', { field: 'email' });
  const { hash, salt } = await hashPassword(input.password, server.settings.PASSWORD_HASH_ITERATIONS);
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    email,
    name: input.name.trim(),
    passwordHash: hash,
    passwordSalt: salt,
    timeZone: validTimeZone(input.timeZone),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertUser(db, row);
  } catch (error) {
    if (String(error).includes('UNIQUE')) throw new AppError('conflict', 'An account with this email already exists', { field: 'email' });
    throw error;
  }
  const store = await placeNewUser(server, row);
  await ensureZoneOffsets(store.db, row.timeZone);
  return toPublicUser(row);
}

/** Checks credentials; the same error, after the same work, for an unknown email and a wrong password. */
export async function logIn(db: Db, iterations: PasswordIterations, email: string, password: string): Promise<PublicUser> {
  const row = await userWithEmail(db, email.trim().toLowerCase());
  const stored = row ? { hash: row.passwordHash, salt: row.passwordSalt } : noAccount(iterations);
  const ok = await verifyPassword(password, stored.hash, stored.salt);
  if (!row || !ok) throw new AppError('unauthenticated', 'Email or password is incorrect');
  return toPublicUser(row);
}

export async function getUser(db: Db, id: string): Promise<PublicUser | null> {
  const row = await userById(db, id);
  return row ? toPublicUser(row) : null;
}

/**
 * The ids of the users whose data is on `database`, a page at a time (the nightly jobs'
 * fan-out). On a shard its users rows are exactly those users; DB's users table is the
 * directory's, so the users the directory places elsewhere are left out (docs/decisions/015).
 */
export async function userIdsAfter(db: Db, after: string, limit: number, database: string): Promise<string[]> {
  const rows = await userIdsAfterOn(db, after, limit, database);
  return rows.map((r) => r.id);
}
