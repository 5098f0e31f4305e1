import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gazetteer, type GazetteerRow } from '../../db/schema';

// The GeoNames gazetteer the offline geocoder reads. Each list travels as one bound parameter
// read by json_each, for any number of names (D1 takes 100 per statement).

/** The gazetteer's rows under any of these names. */
export async function gazetteerRowsNamed(db: Db, names: string[]): Promise<GazetteerRow[]> {
  return db
    .select()
    .from(gazetteer)
    .where(sql`${gazetteer.nameNorm} IN (SELECT value FROM json_each(${JSON.stringify(names)}))`);
}

/** The areas (every row but a city) of these countries, which name a place's region and country. */
export async function gazetteerAreasOf(
  db: Db,
  countries: string[],
): Promise<Pick<GazetteerRow, 'nameNorm' | 'kind' | 'region' | 'country'>[]> {
  return (
    db
      .select({ nameNorm: gazetteer.nameNorm, kind: gazetteer.kind, region: gazetteer.region, country: gazetteer.country })
      .from(gazetteer)
      // `kind <> 'city'` as written in the partial index gazetteer_areas
      .where(and(sql`${gazetteer.country} IN (SELECT value FROM json_each(${JSON.stringify(countries)}))`, sql`kind <> 'city'`))
  );
}
