// Passkeys (migration 0043, docs/decisions/027): WebAuthn credentials and the challenges of
// their ceremonies, in the directory beside the other ways in.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url of the COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** Space-separated WebAuthn transports ("internal hybrid"). */
    transports: text('transports').notNull().default(''),
    aaguid: text('aaguid').notNull().default(''),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [index('passkeys_user').on(t.userId, t.createdAt, t.id)],
);

export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'second_factor'] }).notNull(),
    userId: text('user_id'),
    email: text('email'),
    loginChallengeId: text('login_challenge_id'),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_user').on(t.userId), index('passkey_challenges_expiry').on(t.expiresAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
