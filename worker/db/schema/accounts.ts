// Accounts: the user, how they sign in (sessions, API tokens, two-factor, recovery codes,
// login challenges, password resets) and the rate limits that guard it.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  passwordSalt: text('password_salt').notNull(),
  timeZone: text('time_zone').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  userAgent: text('user_agent'),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
});

/** Browsers that signed in before (migration 0036); the id is the kith_device cookie's SHA-256. */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    userAgent: text('user_agent'),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at').notNull(),
  },
  (t) => [index('known_devices_user').on(t.userId)],
);

export const apiTokens = sqliteTable('api_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at'),
  /** Space-separated (worker/domain/auth/scopes.ts). */
  scopes: text('scopes').notNull().default('contacts:read contacts:write'),
  /** The token that minted this one (it dies with it); null when made in a session. */
  createdByTokenId: text('created_by_token_id'),
  /** JSON array of normalized tags: the token sees only contacts with one of them; null: every contact (migration 0051). */
  contactTags: text('contact_tags'),
  /** 1: never the contacts tagged "private". */
  hidePrivate: integer('hide_private').notNull().default(0),
  /** Space-separated MCP tool names the token may call; null: every tool its scopes allow but the opt-in ones (ADR 051). */
  tools: text('tools'),
  /** The connected app's grant this access token was issued under (migration 0057); null: a personal token. */
  oauthGrantId: text('oauth_grant_id'),
  /** When it stops working (an OAuth access token's hour); null: never. */
  expiresAt: text('expires_at'),
});

export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

export const passwordResets = sqliteTable('password_resets', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

export const twoFactor = sqliteTable('two_factor', {
  userId: text('user_id').primaryKey(),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: text('enabled_at'),
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: text('created_at').notNull(),
});

export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const loginChallenges = sqliteTable('login_challenges', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  userAgent: text('user_agent'),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
});

export type UserRow = typeof users.$inferSelect;
