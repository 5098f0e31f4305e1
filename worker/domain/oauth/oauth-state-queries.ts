import { and, eq, lt } from 'drizzle-orm';
import { oauthStates } from '../../db/schema';
import type { Deps } from '../deps';

// The oauth_states table: one row per consent screen a user was sent to, until its callback
// spends it or it expires.

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** Keeps a new state, sweeping the expired ones on the way (the table stays the size of the flows in progress). */
export async function saveOAuthState(deps: Deps, row: OAuthStateRow): Promise<void> {
  await deps.db.batch([
    deps.db.delete(oauthStates).where(lt(oauthStates.expiresAt, row.createdAt)),
    deps.db.insert(oauthStates).values(row),
  ]);
}

/** Deletes the user's state of this flow and answers it, expired or not; undefined when there is none. */
export function takeOAuthState(deps: Deps, userId: string, state: string, provider: string): Promise<OAuthStateRow | undefined> {
  return deps.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId), eq(oauthStates.provider, provider)))
    .returning()
    .get();
}

/** The flow the user's state was issued for, leaving it be; null when there is none. */
export async function providerOfOAuthState(deps: Deps, userId: string, state: string): Promise<string | null> {
  const row = await deps.db
    .select({ provider: oauthStates.provider })
    .from(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId)))
    .get();
  return row?.provider ?? null;
}
