import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
