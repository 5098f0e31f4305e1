// Idempotency keys of writes that may be sent twice (migrations/0060, docs/decisions/045).
import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** The write and the record it named ("add-note 01J…"). */
    operation: text('operation').notNull(),
    /** A hash of the write's input: the same key with another input is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer as JSON; null while the first request runs. */
    result: text('result'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);
