import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { googleConnections } from '../../db/schema';

// The user's Google connection: its encrypted tokens and the Contacts sync token. (The
// single-use states of a "Connect Google" in flight are worker/domain/oauth's.)

type GoogleTokens = Pick<typeof googleConnections.$inferInsert, 'accessTokenEnc' | 'refreshTokenEnc' | 'expiresAt' | 'scope' | 'updatedAt'>;

/** Stores the tokens of a consent, creating the connection; `restartContactsSync` also forgets its sync token. */
export async function saveGoogleTokens(db: Db, userId: string, tokens: GoogleTokens, now: string, restartContactsSync: boolean) {
  await db
    .insert(googleConnections)
    .values({ userId, ...tokens, syncToken: null, lastSyncedAt: null, createdAt: now })
    .onConflictDoUpdate({ target: googleConnections.userId, set: restartContactsSync ? { ...tokens, syncToken: null } : tokens });
}

/** The user's connection, every column. */
export async function findGoogleConnection(db: Db, userId: string) {
  return db.select().from(googleConnections).where(eq(googleConnections.userId, userId)).get();
}

/** Stores a refreshed access token (and a rotated refresh token, when given). */
export async function saveRefreshedTokens(
  db: Db,
  userId: string,
  tokens: Pick<GoogleTokens, 'accessTokenEnc' | 'expiresAt' | 'updatedAt'> & { refreshTokenEnc?: string },
) {
  await db.update(googleConnections).set(tokens).where(eq(googleConnections.userId, userId));
}

/** When the user last synced Google Contacts, and the scopes they granted. */
export async function contactsSyncGrant(db: Db, userId: string) {
  return db
    .select({ lastSyncedAt: googleConnections.lastSyncedAt, scope: googleConnections.scope })
    .from(googleConnections)
    .where(eq(googleConnections.userId, userId))
    .get();
}

/** The user's id if they have a Google connection. */
export async function connectedGoogleUser(db: Db, userId: string) {
  return db.select({ userId: googleConnections.userId }).from(googleConnections).where(eq(googleConnections.userId, userId)).get();
}

/** The sync token the next Contacts sync starts from. */
export async function contactsSyncToken(db: Db, userId: string) {
  return db.select({ syncToken: googleConnections.syncToken }).from(googleConnections).where(eq(googleConnections.userId, userId)).get();
}

/** A finished Contacts sync: the token the next one starts from, synced at `now`. */
export async function markContactsSynced(db: Db, userId: string, syncToken: string | null, now: string) {
  await db.update(googleConnections).set({ syncToken, lastSyncedAt: now, updatedAt: now }).where(eq(googleConnections.userId, userId));
}
