// OAuth 2.1 for MCP clients (migrations/0057, docs/decisions/042): registered clients, the
// user's grants ("connected apps") and authorization codes. Directory tables.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** A client that registered itself (RFC 7591); belongs to no user. */
export const oauthClients = sqliteTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** JSON array of the exact redirect URIs. */
  redirectUris: text('redirect_uris').notNull(),
  createdAt: text('created_at').notNull(),
});

/** What a user allowed a client, and its current refresh token (hashed). */
export const oauthGrants = sqliteTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    clientId: text('client_id').notNull(),
    clientName: text('client_name').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').notNull(),
    contactTags: text('contact_tags'),
    hidePrivate: integer('hide_private').notNull().default(0),
    tools: text('tools'),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    refreshExpiresAt: text('refresh_expires_at').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [
    uniqueIndex('oauth_grants_user_client').on(t.userId, t.clientId),
    uniqueIndex('oauth_grants_refresh').on(t.refreshHash),
    index('oauth_grants_previous_refresh').on(t.previousRefreshHash),
    index('oauth_grants_user').on(t.userId, t.createdAt),
  ],
);

/** An authorization code (hashed): a minute long, used once. */
export const oauthCodes = sqliteTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    scopes: text('scopes').notNull(),
    contactTags: text('contact_tags'),
    hidePrivate: integer('hide_private').notNull().default(0),
    tools: text('tools'),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    grantId: text('grant_id'),
  },
  (t) => [index('oauth_codes_user').on(t.userId, t.expiresAt)],
);
