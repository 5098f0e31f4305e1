// Geocoding: the cache of places the provider answered, and the offline gazetteer.
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const geocodeCache = sqliteTable('geocode_cache', {
  queryNorm: text('query_norm').primaryKey(),
  latitude: real('latitude'),
  longitude: real('longitude'),
  provider: text('provider').notNull(),
  placeName: text('place_name'),
  createdAt: text('created_at').notNull(),
});

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
