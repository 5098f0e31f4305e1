import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { googleConnections, oauthStates } from '../../db/schema-imports';

// The user's Google connection (its encrypted tokens and the Contacts sync token) and the
// single-use states of a "Connect Google" in flight.

type OAuthState = typeof oauthStates.$inferInsert;
type GoogleTokens = Pick<typeof googleConnections.$inferInsert, 'accessTokenEnc' | 'refreshTokenEnc' | 'expiresAt' | 'scope' | 'updatedAt'>;

/** Saves a new state, dropping every state that expired before `now`, in one batch. */
export async function saveOAuthState(db: Db, state: OAuthState, now: string): Promise<void> {
  await db.batch([db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)), db.insert(oauthStates).values(state)]);
}

/** Deletes the user's state of one of these providers, giving it (undefined when there was none). */
export async function takeOAuthState(db: Db, userId: string, state: string, providers: string[]) {
  return db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId), inArray(oauthStates.provider, providers)))
    .returning()
    .get();
}

/** The provider of the user's state, without spending it. */
export async function oauthStateProvider(db: Db, userId: string, state: string) {
  return db
    .select({ provider: oauthStates.provider })
    .from(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId)))
    .get();
}

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
