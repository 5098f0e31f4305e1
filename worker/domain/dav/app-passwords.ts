import { z } from 'zod';
import { newId, nowIso, sha256Hex } from '../../db/columns';
import { recordSecurityEvent } from '../audit/security-events';
import { command, type SignedIn } from '../command';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { singleLineText } from '../text-input';
import { appPasswordsOf, deleteAppPassword, insertAppPassword } from './app-password-queries';
import { APP_PASSWORD_NAME_MAX } from './app-password-limits';

// Sync passwords (issue 42, ADR 028): what a phone's CardDAV account signs in with, never the
// account password. Typed on a phone by hand, so they are written in a small alphabet without
// look-alikes (no l, o, 0, 1), in dash-separated groups; case, spaces and dashes do not count.

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 20 characters of 32: 100 bits, beyond guessing even without a failure limit. */
const LENGTH = 20;

export { APP_PASSWORD_NAME_MAX };
/** A user has a handful of devices; the list is capped where a script run wild would be. */
export const MAX_APP_PASSWORDS = 50;

export interface AppPasswordSummary {
  id: string;
  /** The device it was made for. */
  name: string;
  /** Its first characters, to tell two apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

function newPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
}

/** A password as typed, in the form its hash was taken of: lower case, separators dropped. */
export const canonicalAppPassword = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

export const hashAppPassword = (typed: string) => sha256Hex(`dav:${canonicalAppPassword(typed)}`);

/** A new sync password for the device `name`, shown once (only its hash is kept). */
export const createAppPassword = command(
  z.object({ name: singleLineText(APP_PASSWORD_NAME_MAX).trim().min(1, 'is required') }).strict(),
  async ({ deps, user }: SignedIn, { name }) => {
    const db = deps.directory.db;
    if ((await appPasswordsOf(db, user.id)).length >= MAX_APP_PASSWORDS) {
      throw new AppError('conflict', `You have ${MAX_APP_PASSWORDS} sync passwords; revoke one you no longer use first`);
    }
    const password = newPassword();
    const row = {
      id: newId(),
      userId: user.id,
      name,
      passwordHash: await hashAppPassword(password),
      passwordPrefix: password.slice(0, 4),
      createdAt: nowIso(),
    };
    await insertAppPassword(db, row);
    await recordSecurityEvent(deps, 'app_password.created', { name });
    return { id: row.id, name, password, prefix: row.passwordPrefix, created_at: row.createdAt, last_used_at: null };
  },
);

export async function listAppPasswords(deps: Pick<Deps, 'directory' | 'store'>): Promise<AppPasswordSummary[]> {
  const rows = await appPasswordsOf(deps.directory.db, deps.store.userId);
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, created_at: r.createdAt, last_used_at: r.lastUsedAt }));
}

/** Revokes one sync password: the device it was made for can no longer sync. */
export async function revokeAppPassword(deps: Pick<Deps, 'directory' | 'store' | 'jobs'>, id: string): Promise<void> {
  const deleted = await deleteAppPassword(deps.directory.db, deps.store.userId, id);
  if (deleted.length === 0) throw notFound('Sync password');
  await recordSecurityEvent(deps, 'app_password.revoked', { name: deleted[0]!.name });
}
