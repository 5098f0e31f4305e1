// The shared geocoding cache and the claims on places being asked about: global data, in the
// directory's database (docs/decisions/015). Lists travel as one JSON parameter read by json_each.

/** A place's cached verdict as stored: coordinates, or none for "no result". */
export interface CachedPlaceRow {
  query_norm: string;
  latitude: number | null;
  longitude: number | null;
  place_name: string | null;
}

/** The cached verdicts of `source` on these places (cache keys), in one query. */
export async function cachedPlaces(d1: D1Database, keys: string[], source: string): Promise<CachedPlaceRow[]> {
  const { results } = await d1
    .prepare(
      'SELECT query_norm, latitude, longitude, place_name FROM geocode_cache WHERE query_norm IN (SELECT value FROM json_each(?1)) AND provider = ?2',
    )
    .bind(JSON.stringify(keys), source)
    .all<CachedPlaceRow>();
  return results;
}

/** Caches many verdicts of one source in one statement. */
export function cachePlacesStatement(d1: D1Database, verdicts: CachedPlaceRow[], source: string, now: string): D1PreparedStatement {
  // `WHERE true`: SQLite reads an ON CONFLICT after `SELECT … FROM json_each(…)` as a join otherwise.
  return d1
    .prepare(
      `INSERT INTO geocode_cache (query_norm, latitude, longitude, place_name, provider, created_at)
          SELECT json_extract(value, '$.query_norm'), json_extract(value, '$.latitude'), json_extract(value, '$.longitude'),
                 json_extract(value, '$.place_name'), ?2, ?3
            FROM json_each(?1) WHERE true
          ON CONFLICT (query_norm) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
            place_name = excluded.place_name, provider = excluded.provider, created_at = excluded.created_at`,
    )
    .bind(JSON.stringify(verdicts), source, now);
}

/**
 * Claims for `claimedBy` until `claimedUntil` the places nobody holds, or whose claim lapsed
 * before `now`; gives the keys claimed.
 */
export async function claimPlaces(d1: D1Database, claimedBy: string, keys: string[], claimedUntil: string, now: string): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `INSERT INTO geocode_claims (query_norm, claimed_by, claimed_until)
        SELECT value, ?2, ?3 FROM json_each(?1) WHERE true
        ON CONFLICT (query_norm) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
          WHERE geocode_claims.claimed_until < ?4
        RETURNING query_norm`,
    )
    .bind(JSON.stringify(keys), claimedBy, claimedUntil, now)
    .all<{ query_norm: string }>();
  return results.map((r) => r.query_norm);
}

/** Releases the claims `claimedBy` holds on these places. */
export function releaseClaimsStatement(d1: D1Database, claimedBy: string, keys: string[]): D1PreparedStatement {
  return d1
    .prepare('DELETE FROM geocode_claims WHERE query_norm IN (SELECT value FROM json_each(?1)) AND claimed_by = ?2')
    .bind(JSON.stringify(keys), claimedBy);
}
