// The naive strategies of a typical open-source CRM, run on the same data (engine time in
// SQLite, no HTTP): substring search over every text column, clusters from the first 500
// pins only, one DELETE per contact, one provider call per contact.
import { DatabaseSync } from 'node:sqlite';
import Supercluster from 'supercluster';
import { measureSync, round } from './measure.mjs';

const TEXT_COLUMNS = [
  'first_name',
  'last_name',
  'full_name',
  'title',
  'notes',
  'location',
  'telegram_username',
  'twitter_handle',
  'linkedin_url',
  'bio_twitter',
  'bio_telegram',
  'bio_linkedin',
];

function naiveSearch(db, userId, q) {
  const like = `%${q}%`;
  const where = `c.user_id = ? AND (${TEXT_COLUMNS.map((c) => `c.${c} LIKE ?`).join(' OR ')}
    OR EXISTS (SELECT 1 FROM contact_identifiers i WHERE i.contact_id = c.id AND i.value LIKE ?)
    OR EXISTS (SELECT 1 FROM organizations o WHERE o.id = c.company_id AND o.name LIKE ?))`;
  const params = [userId, ...TEXT_COLUMNS.map(() => like), like, like];
  db.prepare(`SELECT count(*) FROM contacts c WHERE ${where}`).get(...params);
  db.prepare(`SELECT c.id FROM contacts c WHERE ${where} ORDER BY c.relationship_score DESC, c.id LIMIT 50`).all(...params);
}

/** The bare core of our search: an FTS5 prefix MATCH joined to the user's contacts. */
function ftsFloor(db, userId, q) {
  const match = q
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => `"${w}"*`)
    .join(' ');
  const from = 'FROM contacts_fts f JOIN contacts c ON c.rowid = f.rowid WHERE contacts_fts MATCH ? AND c.user_id = ?';
  db.prepare(`SELECT count(*) ${from}`).get(match, userId);
  db.prepare(`SELECT c.id ${from} ORDER BY c.relationship_score DESC, c.id LIMIT 50`).all(match, userId);
}

export function runNaiveComparisons({ sqliteFile, users, results, quick }) {
  const db = new DatabaseSync(sqliteFile);
  const out = [];
  const ours = (name) => results.find((r) => r.name.startsWith(name));

  for (const q of ['m', 'mar', 'lovelace', 'ada_lovelace1', 'quantum', 'zzqxwv']) {
    const naive = measureSync(() => naiveSearch(db, users.main.id, q), quick ? 3 : 7);
    const floor = measureSync(() => ftsFloor(db, users.main.id, q), quick ? 3 : 7);
    const mine = results.find((r) => r.name.startsWith('search:') && r.name.includes(`"${q === 'ada_lovelace1' ? '@' : ''}${q}`));
    out.push({
      name: `naive search LIKE '%${q}%' (count + page)`,
      unit: 'ms',
      ...naive,
      naive: naive.median,
      ratio: mine ? round(naive.median / Math.max(mine.median, 0.01)) : undefined,
      note: 'engine only; ratio = naive / ours inside the Worker',
    });
    out.push({
      name: `floor: bare FTS5 MATCH '${q}*' (count + page)`,
      unit: 'ms',
      ...floor,
      note: 'engine only, no tiers, no HTTP: what our layers add shows against the search row',
    });
  }

  // Clusters from the first 500 pins only (what the map's pin query returns), world view.
  const pins = db
    .prepare(
      'SELECT latitude, longitude FROM contacts WHERE user_id = ? AND latitude IS NOT NULL ORDER BY relationship_score DESC, id LIMIT 500',
    )
    .all(users.map.id);
  const total = db.prepare('SELECT count(*) AS n FROM contacts WHERE user_id = ? AND latitude IS NOT NULL').get(users.map.id).n;
  const index = new Supercluster({ radius: 50, maxZoom: 13 }).load(
    pins.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] } })),
  );
  const counted = index.getClusters([-180, -85, 180, 85], 1).reduce((sum, f) => sum + (f.properties.point_count ?? 1), 0);
  out.push({
    name: 'naive clusters from the first 500 pins: contacts counted (world)',
    unit: 'contacts',
    median: counted,
    note: `true total ${total}: ${round((1 - counted / total) * 100)}% of the network missing from the bubbles`,
  });

  // One DELETE (with its related rows) per contact, for 1 000 contacts, scaled to 10 000.
  // The map user's: the other user's account is deleted by the workloads.
  const victims = db
    .prepare('SELECT id FROM contacts WHERE user_id = ? LIMIT 1000')
    .all(users.map.id)
    .map((r) => r.id);
  const start = performance.now();
  for (const id of victims) {
    // Interactions are reached through (user_id, contact_id), the timeline index.
    db.prepare('DELETE FROM interactions WHERE user_id = ? AND contact_id = ?').run(users.map.id, id);
    for (const table of ['followups', 'contact_tags', 'contact_identifiers'])
      db.prepare(`DELETE FROM ${table} WHERE contact_id = ?`).run(id);
    db.prepare('DELETE FROM contacts WHERE id = ?').run(id);
  }
  const perRow = performance.now() - start;
  const ourDelete = ours('bulk: delete 10 000');
  out.push({
    name: 'naive delete: one DELETE per contact, ×10 of 1 000 measured',
    unit: 'ms',
    median: round(perRow * 10),
    naive: round(perRow * 10),
    ratio: ourDelete ? round((perRow * 10) / ourDelete.median) : undefined,
    note: 'engine only, autocommit per statement',
  });
  db.close();
  return out;
}
