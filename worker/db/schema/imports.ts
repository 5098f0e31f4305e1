// Imports: each import's progress, its uploaded rows, and the fingerprints of the contacts
// imports created.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const imports = sqliteTable('imports', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
  total: integer('total').notNull(),
  processed: integer('processed').notNull(),
  created: integer('created').notNull(),
  updated: integer('updated').notNull(),
  skipped: integer('skipped').notNull(),
  errors: text('errors').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  // added by migrations/0005_imports.sql
  source: text('source').notNull(),
  fileName: text('file_name'),
  mapping: text('mapping').notNull(),
  failed: integer('failed').notNull(),
  // added by migrations/0011_dead_letters.sql: where a Google Contacts sync resumes (JSON)
  resume: text('resume'),
  // added by migrations/0019_company_cards.sql: company cards imported as organizations
  organizations: integer('organizations').notNull(),
  // added by migrations/0021_import_warnings_and_duplicate_suggestions.sql (issue 19)
  warnings: text('warnings').notNull(),
  warned: integer('warned').notNull(),
  // added by migrations/0054_monica_import.sql: counts per kind of record (a Monica import)
  report: text('report').notNull(),
});

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
