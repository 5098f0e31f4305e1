import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Drizzle mirror of migrations/0005_imports.sql (the `imports` table itself is in schema.ts).

export const importRows = sqliteTable(
  'import_rows',
  {
    importId: text('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    cells: text('cells').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

export const importFingerprints = sqliteTable(
  'import_fingerprints',
  {
    userId: text('user_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    contactId: text('contact_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);

export const googleConnections = sqliteTable('google_connections', {
  userId: text('user_id').primaryKey(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  expiresAt: text('expires_at').notNull(),
  scope: text('scope').notNull(),
  syncToken: text('sync_token'),
  lastSyncedAt: text('last_synced_at'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const oauthStates = sqliteTable('oauth_states', {
  state: text('state').primaryKey(),
  userId: text('user_id').notNull(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
});
