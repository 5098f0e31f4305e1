// Map: each user's placed contacts per world grid cell, kept by triggers.
import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Each user's placed contacts per world grid cell, kept by triggers on contacts (migrations/0031):
 * the map's world view reads a row per cell instead of every contact. Written by SQLite only.
 */
export const contactMapCells = sqliteTable(
  'contact_map_cells',
  {
    userId: text('user_id').notNull(),
    cell: integer('cell').notNull(),
    placed: integer('placed').notNull(),
    latitudeSum: real('latitude_sum').notNull(),
    longitudeSum: real('longitude_sum').notNull(),
    sampleId: text('sample_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cell] })],
);
