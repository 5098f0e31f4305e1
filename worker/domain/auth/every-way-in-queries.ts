import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, knownDevices, loginChallenges, passwordResets, sessions } from '../../db/schema';

// The directory's ways into an account, each deleted with the ids it deleted (for the count).

/** Every session of the user but `keep` (a stored session id, or '' for none). */
export const endSessions = (db: Db, userId: string, keep: string) =>
  db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });

/** Personal access tokens; a connected app's end with its grant (oauth_grants in WAYS_IN). */
export const endApiTokens = (db: Db, userId: string) =>
  db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.oauthGrantId)))
    .returning({ id: apiTokens.id });

export const endLoginChallenges = (db: Db, userId: string) =>
  db.delete(loginChallenges).where(eq(loginChallenges.userId, userId)).returning({ id: loginChallenges.id });

export const endResetLinks = (db: Db, userId: string) =>
  db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });

export const forgetKnownDevices = (db: Db, userId: string) =>
  db.delete(knownDevices).where(eq(knownDevices.userId, userId)).returning({ id: knownDevices.id });
