import type { BatchItem } from 'drizzle-orm/batch';
import { nowIso } from '../../db/columns';
import type { Deps } from '../deps';
import type { NewInteraction } from '../timeline/record-interactions';
import type { XProfileSighting } from './dm-events';
import { replaceXBio, storedXBios } from './x-contact-queries';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/**
 * Stores the X bios the sync saw (contacts.bio_twitter) and answers a bio change event for
 * each contact whose bio differs from the one seen before. The first bio seen is stored
 * silently: there is no change to tell. Each update only applies over the value it compared
 * with, so two syncs racing log one change, not two.
 */
export async function bioChanges(deps: Deps, userId: string, sightings: XProfileSighting[]): Promise<NewInteraction[]> {
  const latest = new Map(sightings.map((s) => [s.contactId, s.description.trim()]));
  const ids = [...latest.keys()];
  const known = new Map<string, string | null>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await storedXBios(deps.db, userId, ids.slice(i, i + 90));
    for (const r of rows) known.set(r.id, r.bio);
  }
  const changed = [...latest].filter(([id, bio]) => known.has(id) && known.get(id) !== bio);
  if (changed.length === 0) return [];
  const now = nowIso();
  const updates = changed.map(([id, bio]) => replaceXBio(deps.db, userId, id, known.get(id) ?? null, bio, now));
  const results = (await deps.db.batch(updates as unknown as Batch)) as { id: string }[][];
  const events: NewInteraction[] = [];
  changed.forEach(([id, bio], i) => {
    const before = known.get(id);
    if (results[i]!.length === 0 || before === null || before === undefined) return;
    const body = `${bio || '(no bio)'}\n\nBefore: ${before || '(no bio)'}`;
    events.push({ contact_id: id, kind: 'bio_change', channel: 'twitter', body, source: 'x', occurred_at: now });
  });
  return events;
}
