// Who can introduce me (#45, ADR 041): the intro-path answer for a user with 50 000 contacts and
// 200 000 links, measured over HTTP like every other figure. The links are seeded straight into
// the bench's SQLite file (two rows per link, one per side, as the app writes them), on top of the
// contacts and organizations generate() seeds for the main user alone.
import { DatabaseSync } from 'node:sqlite';
import { prng } from '../scripts/prng.mjs';
import { parseServerTiming, round, summarise } from './measure.mjs';

export const INTRO_LINKS = 200_000;
const INTRO_MS = 100;
const KINDS = [
  ['friend', 'friend'],
  ['colleague', 'colleague'],
  ['manager', 'report'],
  ['mentor', 'mentee'],
  ['sibling', 'sibling'],
  ['introducer', 'introduced'],
  ['spouse', 'spouse'],
];

/**
 * 200 000 distinct links between the user's contacts: one end uniform, the other drawn with a
 * heavy head half of the time, so a few people are hubs with thousands of links (the walk's
 * bounds are then exercised) and most have a handful. Returns the link count and the targets.
 */
export function seedIntroLinks(sqliteFile, userId, { links = INTRO_LINKS, seed = 45 } = {}) {
  const rand = prng(seed);
  const db = new DatabaseSync(sqliteFile);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000;');
  const ids = db
    .prepare('SELECT id FROM contacts WHERE user_id = ? ORDER BY id')
    .all(userId)
    .map((r) => r.id);
  const n = ids.length;
  const zipf = () => Math.min(n - 1, Math.floor(Math.exp(rand() * Math.log(n + 1)) - 1));
  const insert = db.prepare(
    `INSERT OR IGNORE INTO relationships (user_id, id, contact_id, other_id, other_type, kind, label, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'contact', ?, '', ?, ?)`,
  );
  const at = '2026-11-01T00:00:00.000Z';
  const seen = new Set();
  db.exec('BEGIN');
  let made = 0;
  while (made < links) {
    const a = ids[Math.floor(rand() * n)];
    const b = ids[rand() < 0.5 ? zipf() : Math.floor(rand() * n)];
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    const [kind, inverse] = KINDS[Math.floor(rand() * KINDS.length)];
    const id = `il${String(made).padStart(10, '0')}`.padEnd(32, '0');
    // Each row says what the other is to its contact.
    insert.run(userId, id, a, b, kind, at, at);
    insert.run(userId, id, b, a, inverse, at, at);
    made++;
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  db.close();
  return { links: made };
}

/**
 * The targets asked about: contacts picked evenly through the id order (most with a few links),
 * the three best-linked (the hubs, the walk's worst case) and ten organizations.
 */
export function introTargets(sqliteFile, userId, count = 20) {
  const db = new DatabaseSync(sqliteFile, { readOnly: true });
  const ids = db
    .prepare('SELECT id FROM contacts WHERE user_id = ? ORDER BY id')
    .all(userId)
    .map((r) => r.id);
  const hubs = db
    .prepare(
      'SELECT contact_id AS id, count(*) AS links FROM relationships WHERE user_id = ? GROUP BY contact_id ORDER BY links DESC LIMIT 3',
    )
    .all(userId);
  const organizations = db
    .prepare('SELECT id FROM organizations WHERE user_id = ? ORDER BY id LIMIT 10')
    .all(userId)
    .map((r) => r.id);
  db.close();
  const step = Math.floor(ids.length / count);
  return {
    organizations,
    typical: Array.from({ length: count }, (_, i) => ids[i * step + 7]),
    hubs: hubs.map((h) => h.id),
    hubLinks: hubs.map((h) => h.links),
  };
}

async function timeTargets(url, headers, targets, runs, kind = 'contacts') {
  const inside = [];
  const db = [];
  let paths = 0;
  for (let i = 0; i < runs; i++) {
    for (const id of targets) {
      const start = performance.now();
      const res = await fetch(`${url}/api/v1/${kind}/${id}/intro-paths?limit=5`, { headers });
      const body = await res.json();
      const elapsed = performance.now() - start;
      if (!res.ok) throw new Error(`intro-paths of ${id} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
      if (i === 0) paths += body.data.paths.length;
      if (i === 0 && runs > 1) continue; // the first round warms the Worker and the page cache
      const timing = parseServerTiming(res.headers.get('server-timing'));
      inside.push(timing.total ?? elapsed);
      db.push(timing.db ?? 0);
    }
  }
  return { inside: summarise(inside), db: summarise(db), paths };
}

/** The intro-path figures: typical contacts and the hubs, Worker time from Server-Timing. */
export async function measureIntroPaths(url, session, { targets, runs = 10 }) {
  const headers = { cookie: session.cookie };
  console.log(`Measuring intro paths (${targets.typical.length} contacts and ${targets.hubs.length} hubs, ${runs} rounds)…`);
  const typical = await timeTargets(url, headers, targets.typical, runs);
  const hubs = await timeTargets(url, headers, targets.hubs, runs);
  const organizations = await timeTargets(url, headers, targets.organizations, runs, 'organizations');
  const row = (name, m, budget, note) => ({
    name,
    median: m.inside.median,
    p95: m.inside.p95,
    worst: m.inside.worst,
    unit: 'ms',
    ...(budget === undefined ? {} : { budget, pass: m.inside.median < budget }),
    note,
  });
  return [
    row(
      'intro paths of a contact (50 000 contacts, 200 000 links)',
      typical,
      INTRO_MS,
      `db ${typical.db.median} ms; ${typical.paths} paths over ${targets.typical.length} targets`,
    ),
    row(
      'intro paths of a hub (its links: ' + targets.hubLinks.join(', ') + ')',
      hubs,
      undefined,
      `db ${hubs.db.median} ms; ${round(hubs.paths / Math.max(1, targets.hubs.length))} paths each`,
    ),
    row(
      'intro paths to someone at an organization (~10 people each)',
      organizations,
      undefined,
      `db ${organizations.db.median} ms; ${organizations.paths} paths over ${targets.organizations.length} organizations`,
    ),
  ];
}
