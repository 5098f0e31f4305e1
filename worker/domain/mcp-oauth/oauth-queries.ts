import { and, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, oauthClients, oauthCodes, oauthGrants } from '../../db/schema';

// The OAuth tables (migration 0057) and the access tokens (api_tokens rows with a grant).

export type GrantRow = typeof oauthGrants.$inferSelect;
export type CodeRow = typeof oauthCodes.$inferSelect;
type AccessTokenRow = typeof apiTokens.$inferInsert;

export const insertOAuthClient = (db: Db, row: typeof oauthClients.$inferInsert) => db.insert(oauthClients).values(row);

export const findOAuthClient = (db: Db, id: string) => db.select().from(oauthClients).where(eq(oauthClients.id, id)).get();

/** Stores a new code, and forgets the user's codes that ended before `staleBefore`. */
export const insertCode = (db: Db, row: CodeRow, staleBefore: string) =>
  db.batch([
    db.delete(oauthCodes).where(and(eq(oauthCodes.userId, row.userId), lt(oauthCodes.expiresAt, staleBefore))),
    db.insert(oauthCodes).values(row),
  ]);

/** Marks the code used, if it was not; answers its row only to the first caller. */
export const claimCode = (db: Db, codeHash: string, now: string) =>
  db
    .update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning()
    .get();

export const findCode = (db: Db, codeHash: string) => db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).get();

const grantTokens = (db: Db, userId: string, grantIds: string[] | ReturnType<typeof grantIdsOfClient>) =>
  db.delete(apiTokens).where(and(eq(apiTokens.userId, userId), inArray(apiTokens.oauthGrantId, grantIds)));

const grantIdsOfClient = (db: Db, userId: string, clientId: string) =>
  db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId)));

/** The user's approval of a client, replacing an earlier one (and its tokens), with its first access token. */
export const replaceGrant = (db: Db, grant: GrantRow, token: AccessTokenRow, codeHash: string) =>
  db.batch([
    grantTokens(db, grant.userId, grantIdsOfClient(db, grant.userId, grant.clientId)),
    db.delete(oauthGrants).where(and(eq(oauthGrants.userId, grant.userId), eq(oauthGrants.clientId, grant.clientId))),
    db.insert(oauthGrants).values(grant),
    db.insert(apiTokens).values(token),
    db.update(oauthCodes).set({ grantId: grant.id }).where(eq(oauthCodes.codeHash, codeHash)),
  ]);

export const findGrantByRefresh = (db: Db, refreshHash: string) =>
  db.select().from(oauthGrants).where(eq(oauthGrants.refreshHash, refreshHash)).get();

export const findGrantByPreviousRefresh = (db: Db, refreshHash: string) =>
  db.select().from(oauthGrants).where(eq(oauthGrants.previousRefreshHash, refreshHash)).get();

export const findGrant = (db: Db, userId: string, grantId: string) =>
  db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.id, grantId)))
    .get();

/** Swaps the refresh token, if `oldHash` is still the current one; answers whether it was. */
export async function rotateRefresh(db: Db, grantId: string, oldHash: string, newHash: string, expiresAt: string, now: string) {
  const row = await db
    .update(oauthGrants)
    .set({ refreshHash: newHash, previousRefreshHash: oldHash, refreshExpiresAt: expiresAt, lastUsedAt: now })
    .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.refreshHash, oldHash)))
    .returning({ id: oauthGrants.id })
    .get();
  return Boolean(row);
}

/** The grant's access tokens give way to `token` (a client refreshes when its token is done). */
export const replaceAccessTokens = (db: Db, userId: string, grantId: string, token: AccessTokenRow) =>
  db.batch([grantTokens(db, userId, [grantId]), db.insert(apiTokens).values(token)]);

/** Ends a grant and every access token issued under it; answers the grant's client name, if it existed. */
export async function deleteGrant(db: Db, userId: string, grantId: string) {
  const [, deleted] = await db.batch([
    grantTokens(db, userId, [grantId]),
    db
      .delete(oauthGrants)
      .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.id, grantId)))
      .returning({ name: oauthGrants.clientName }),
  ]);
  return deleted[0]?.name ?? null;
}

/** The user's connected apps, newest first (a handful; capped where a script run wild would be). */
export const grantsOf = (db: Db, userId: string, limit: number) =>
  db
    .select()
    .from(oauthGrants)
    .where(eq(oauthGrants.userId, userId))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id))
    .limit(limit);

export const markGrantUsed = (db: Db, grantId: string, now: string) =>
  db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, grantId));

// Every way in (worker/domain/auth/every-way-in.ts): grants, their access tokens, pending codes.
export const endGrants = (db: Db, userId: string) =>
  db.delete(oauthGrants).where(eq(oauthGrants.userId, userId)).returning({ id: oauthGrants.id });

export const endGrantTokens = (db: Db, userId: string) =>
  db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNotNull(apiTokens.oauthGrantId)))
    .returning({ id: apiTokens.id });

export const endCodes = (db: Db, userId: string) =>
  db.delete(oauthCodes).where(eq(oauthCodes.userId, userId)).returning({ codeHash: oauthCodes.codeHash });

/** The grant an OAuth access token (by its hash) was issued under; none for a personal token or an unknown one. */
export const grantOfAccessToken = (db: Db, tokenHash: string) =>
  db
    .select({ grant: oauthGrants })
    .from(apiTokens)
    .innerJoin(oauthGrants, and(eq(oauthGrants.id, apiTokens.oauthGrantId), eq(oauthGrants.userId, apiTokens.userId)))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .get()
    .then((row) => row?.grant);
