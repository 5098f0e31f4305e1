import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The offline gazetteer of migrations/0004_geo.sql (GeoNames cities, regions, countries). */
export const gazetteer = sqliteTable(
  'gazetteer',
  {
    nameNorm: text('name_norm').notNull(),
    kind: text('kind', { enum: ['city', 'region', 'country'] }).notNull(),
    country: text('country').notNull(),
    region: text('region'),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    population: integer('population').notNull(),
  },
  (t) => [index('gazetteer_name').on(t.nameNorm, t.population)],
);

export type GazetteerRow = typeof gazetteer.$inferSelect;
