// Full backups restored into an account (migrations/0045, docs/decisions/029).
import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Which record of a restored backup (its section and its id there) became which row here. */
export const backupRestoredIds = sqliteTable(
  'backup_restored_ids',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull(),
    newId: text('new_id').notNull(),
    restoredAt: text('restored_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.sourceId] })],
);
