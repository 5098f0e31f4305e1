import type { Db } from '../../db/client';
import type { Deps } from '../deps';
import { geocodingCounts, waitingContactsPage } from './contact-geocoding-queries';
import { enqueueGeocoding } from './enqueue-geocoding';

// Two geocode_contacts messages a page.
const PAGE = 1000;

/**
 * Enqueues geocoding for every contact of the user not yet geocoded (SPEC §1 "Backfill"), on
 * the path an import takes: `geocode_contacts` jobs of up to 500 ids, which claim their places,
 * so a backfill of contacts in K places asks the provider at most K times however the jobs
 * overlap (one geocode_contact per contact asked once per concurrent batch: docs/decisions/016).
 * Ordered by location, so the contacts of one place travel in the same job.
 */
export async function enqueuePendingGeocodes(deps: Deps, userId: string): Promise<number> {
  let enqueued = 0;
  let after: { location: string; rowid: number } | null = null;
  for (;;) {
    const rows = await waitingContactsPage(deps.db, userId, after, PAGE);
    if (rows.length === 0) break;
    await enqueueGeocoding(
      deps,
      userId,
      rows.map((row) => row.id),
    );
    enqueued += rows.length;
    const last = rows[rows.length - 1]!;
    after = { location: last.location, rowid: last.rowid };
    if (rows.length < PAGE) break;
  }
  return enqueued;
}

export interface GeocodingProgress {
  /** Contacts with a location. */
  withLocation: number;
  /** Of those, on the map. */
  geocoded: number;
  /** Of those, settled without a place (free text, unknown). */
  noResult: number;
  /** Of those, waiting for the geocoding job. */
  pending: number;
}

/** What Settings shows about geocoding; counted live, so it is never out of step. */
export async function geocodingProgress(db: Db, userId: string): Promise<GeocodingProgress> {
  const row = await geocodingCounts(db, userId);
  const withLocation = row?.with_location ?? 0;
  const geocoded = row?.geocoded ?? 0;
  const pending = row?.pending ?? 0;
  return { withLocation, geocoded, pending, noResult: withLocation - geocoded - pending };
}
