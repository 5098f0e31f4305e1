import { GEOCODE_CONTACTS_MAX } from '../../jobs/messages';
import type { Deps } from '../deps';

/**
 * Geocoding for contacts whose location is new (SPEC §3 "On write") or still waiting (the
 * backfill): one `geocode_contacts` job per up to 500 contacts, not a `geocode_contact` per
 * contact. 30 000 imported contacts in 1 500 places were 30 000 jobs, each reading its contact
 * and the cache and writing its place, and they took D1 from the import (49–68 s for the
 * bench's import); a job per chunk claims each place, asks about it once and writes all its
 * contacts in one statement (docs/decisions/016). An edit of one contact still queues its own
 * geocode_contact (save-contact.ts).
 */
export async function enqueueGeocoding(deps: Pick<Deps, 'jobs'>, userId: string, contactIds: string[]): Promise<void> {
  for (let i = 0; i < contactIds.length; i += GEOCODE_CONTACTS_MAX) {
    await deps.jobs.send({ type: 'geocode_contacts', user_id: userId, contact_ids: contactIds.slice(i, i + GEOCODE_CONTACTS_MAX) });
  }
}
