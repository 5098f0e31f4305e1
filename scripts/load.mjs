#!/usr/bin/env node
// `npm run load`: holds 50 concurrent users (each its own account, Bearer token) on list,
// search, map and edits against `wrangler dev` on 127.0.0.1:8890 for 60 s, then prints
// throughput, latency percentiles and errors, and checks every write landed exactly once.
// Bounded and loopback only. Env: LOAD_USERS, LOAD_SECONDS, LOAD_CONTACTS, LOAD_THINK_MS, LOAD_PORT.
import { execSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parseServerTiming } from '../bench/measure.mjs';
import { migrate, startServer } from '../bench/server.mjs';
import { prng } from './prng.mjs';
import { offlineEnv } from './wrangler.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONTACTS = Number(process.env.LOAD_CONTACTS ?? 200);
// Each user waits 0–2 s (1 s on average) between requests, the pace of someone clicking
// through lists, typing searches and panning a map, and the `sleep(1)` of common load tools.
// LOAD_THINK_MS=200 (0–400 ms) is a stress pace: it finds where one local workerd saturates.
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const PORT = Number(process.env.LOAD_PORT ?? 8890);
const STATE = '.wrangler/load';
const P95_TARGET_MS = 200;
const FIRST = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elena',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'José',
  'Kwame',
  'Lena',
  'Marta',
  'Noor',
  'Omar',
  'Priya',
];
const LAST = ['Lovelace', 'Rossi', 'Müller', 'Ivanova', 'Haddad', 'Tanaka', 'García', 'Mensah', 'Novak', 'Singh', 'Dubois', 'Okafor'];

const rand = prng(2026);
const pick = (list) => list[Math.floor(rand() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(url, path, { token, method = 'GET', json, body, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (body) init.body = body;
  const res = await fetch(`${url}/api/v1${path}`, init);
  const text = await res.text();
  const inside = parseServerTiming(res.headers.get('server-timing')).total;
  return { status: res.status, inside, data: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** One account per virtual user, with CONTACTS contacts imported through the CSV import. */
async function seedUser(url, n) {
  const email = `load-${n}@load.kith.local`;
  const signup = await api(url, '/auth/signup', { method: 'POST', json: { email, password: 'load test password', name: `Load ${n}` } });
  if (signup.status !== 201) throw new Error(`signup ${n}: ${signup.status} ${JSON.stringify(signup.data)}`);
  const cookie =
    signup.data &&
    (
      await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'load test password' }),
      })
    ).headers
      .get('set-cookie')
      .split(';')[0];
  const token = await api(url, '/tokens', { method: 'POST', json: { name: 'load' }, headers: { cookie, origin: url } });
  const t = token.data.data.token;
  const rows = Array.from(
    { length: CONTACTS },
    (_, i) =>
      `${pick(FIRST)},${pick(LAST)},c${n}x${i}@load.example,Company ${i % 40},${pick(['Engineer', 'Founder', 'Designer', 'Investor'])}`,
  );
  const form = new FormData();
  form.set('file', new Blob([`First Name,Last Name,Email,Company,Title\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'load.csv');
  const started = await api(url, '/imports/csv', { token: t, method: 'POST', body: form });
  if (started.status !== 202) throw new Error(`import ${n}: ${started.status} ${JSON.stringify(started.data)}`);
  for (;;) {
    const { data } = await api(url, `/imports/${started.data.data.import_id}`, { token: t });
    if (data.data.status === 'done') break;
    if (data.data.status === 'failed') throw new Error(`import ${n} failed`);
    await sleep(300);
  }
  const ids = (await api(url, '/contacts/ids', { token: t })).data.data.ids;
  return { n, token: t, ids, writes: { notes: 0, created: 0, lastTitle: new Map() } };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

function randomBox() {
  const lng = rand() * 300 - 150;
  const lat = rand() * 120 - 60;
  const size = pick([360, 60, 10, 2]);
  if (size === 360) return '-180,-85,180,85';
  // Past 180° the box crosses the antimeridian (minLng > maxLng), which the API accepts.
  const maxLng = lng + size > 180 ? lng + size - 360 : lng + size;
  return [lng, lat, maxLng, Math.min(85, lat + size / 2)].map((v) => v.toFixed(4)).join(',');
}

/** The mix of one user: 40% list, 25% search, 20% map, 15% writes (notes, edits, new contacts). */
function nextRequest(user, seq) {
  const r = rand();
  if (r < 0.4)
    return {
      kind: 'list',
      path: `/contacts?page=${1 + Math.floor(rand() * 4)}&page_size=50&sort=${pick(['name', '-score', '-created_at'])}`,
    };
  if (r < 0.65) return { kind: 'search', path: `/contacts?q=${encodeURIComponent(pick(FIRST).slice(0, 2 + Math.floor(rand() * 3)))}` };
  if (r < 0.85)
    return rand() < 0.6
      ? { kind: 'map', path: `/contacts/map?bbox=${randomBox()}&limit=500` }
      : { kind: 'map', path: `/contacts/map/clusters?bbox=${randomBox()}&zoom=${Math.floor(rand() * 12)}` };
  const id = pick(user.ids);
  const w = rand();
  if (w < 0.4)
    return { kind: 'write', write: 'note', path: `/contacts/${id}/notes`, method: 'POST', json: { body: `load-note ${user.n}/${seq}` } };
  if (w < 0.75)
    return { kind: 'write', write: 'title', id, path: `/contacts/${id}`, method: 'PATCH', json: { title: `load-title ${user.n}/${seq}` } };
  return {
    kind: 'write',
    write: 'create',
    path: '/contacts',
    method: 'POST',
    json: { first_name: `Loadnew${user.n}x${seq}`, emails: [`new${user.n}x${seq}@load.example`] },
  };
}

async function runUser(url, user, until, samples, think = THINK_MS, maxRequests = Infinity) {
  let seq = 0;
  // Users arrive spread over one think interval, as they would, rather than all 50 in the
  // same millisecond (that burst alone queued ~490 ms and was the whole p99).
  if (think) await sleep(rand() * think * 2);
  while (Date.now() < until && seq < maxRequests) {
    const req = nextRequest(user, ++seq);
    const started = performance.now();
    let status = 0;
    let inside;
    try {
      ({ status, inside } = await api(url, req.path, { token: user.token, method: req.method, json: req.json }));
    } catch {
      status = -1;
    }
    samples.push({ kind: req.kind, ms: performance.now() - started, inside, ok: status >= 200 && status < 300, status });
    if (status >= 200 && status < 300) {
      if (req.write === 'note') user.writes.notes++;
      if (req.write === 'create') user.writes.created++;
      if (req.write === 'title') user.writes.lastTitle.set(req.id, req.json.title);
    }
    if (think) await sleep(rand() * think * 2);
  }
}

/** Each successful write is in the database exactly once, and each contact holds its last title. */
async function verifyWrites(url, user) {
  const problems = [];
  const exported = (await api(url, '/export.json', { token: user.token })).data;
  const notes = (exported.interactions ?? []).filter((i) => i.body?.startsWith(`load-note ${user.n}/`));
  const distinct = new Set(notes.map((i) => i.body));
  if (notes.length !== user.writes.notes || distinct.size !== notes.length)
    problems.push(`user ${user.n}: ${user.writes.notes} notes answered 2xx, ${notes.length} stored (${distinct.size} distinct)`);
  const created = (exported.contacts ?? []).filter((c) => c.first_name?.startsWith(`Loadnew${user.n}x`));
  if (created.length !== user.writes.created)
    problems.push(`user ${user.n}: ${user.writes.created} contacts created, ${created.length} stored`);
  const byId = new Map((exported.contacts ?? []).map((c) => [c.id, c]));
  for (const [id, title] of user.writes.lastTitle)
    if (byId.get(id)?.title !== title)
      problems.push(`user ${user.n}: contact ${id} has title ${byId.get(id)?.title}, last write was ${title}`);
  return problems;
}

async function main() {
  if (!existsSync('build/server/index.js')) execSync('npm run build', { stdio: 'inherit', env: offlineEnv });
  rmSync(STATE, { recursive: true, force: true });
  const sqliteFile = migrate(STATE);
  // Sign-ups come from one loopback address: lift the per-IP sign-in limit for seeding only.
  const server = await startServer({
    stateDir: STATE,
    port: PORT,
    vars: { AUTH_RATE_LIMIT_PER_15_MIN: '1000', MAPBOX_API_URL: 'http://127.0.0.1:9/' },
  });
  try {
    console.log(`seeding ${USERS} users × ${CONTACTS} contacts…`);
    const users = [];
    for (let i = 0; i < USERS; i += 10)
      users.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, k) => seedUser(server.url, i + k)))));
    // The baseline runs as its own account and stops at 300 requests, half of the default
    // API_RATE_LIMIT_PER_MINUTE: as a load user it would spend that user's allowance.
    const soloUser = await seedUser(server.url, USERS);
    // Pins for the map: coordinates straight into the database, as if geocoded.
    const db = new DatabaseSync(sqliteFile);
    db.exec(`UPDATE contacts SET latitude = ((abs(random()) % 13000) / 100.0) - 60, longitude = ((abs(random()) % 35000) / 100.0) - 175,
      location = 'Somewhere', geocoded_location = 'Somewhere', geocoded_at = '2026-11-22T00:00:00.000Z'`);
    db.close();
    // Unloaded baseline: one user, one request at a time, the same mix.
    const baseline = [];
    await runUser(server.url, soloUser, Date.now() + 10_000, baseline, 0, 300);
    const alone = baseline.map((s) => s.ms).sort((a, b) => a - b);
    console.log(
      `baseline, 1 user without think time (300 requests at most, 10 s): ${baseline.length} requests, p50 ${percentile(alone, 50).toFixed(0)} ms, p95 ${percentile(alone, 95).toFixed(0)} ms round trip, ${baseline.filter((s) => !s.ok).length} errors`,
    );
    console.log(`holding ${USERS} concurrent users for ${SECONDS} s (think time 0–${THINK_MS * 2} ms)…`);
    const samples = [];
    const started = Date.now();
    await Promise.all(users.map((u) => runUser(server.url, u, started + SECONDS * 1000, samples)));
    const elapsed = (Date.now() - started) / 1000;
    const problems = (await Promise.all(users.map((u) => verifyWrites(server.url, u)))).flat();
    report(samples, elapsed, users, problems);
    process.exitCode = problems.length || samples.some((s) => !s.ok) ? 1 : 0;
  } finally {
    server.stop();
  }
}

function report(samples, elapsed, users, problems) {
  const rows = [];
  for (const kind of ['list', 'search', 'map', 'write', 'all']) {
    const set = samples.filter((s) => kind === 'all' || s.kind === kind);
    const ms = set.map((s) => s.ms).sort((a, b) => a - b);
    const errors = set.filter((s) => !s.ok);
    const statuses = [...new Set(errors.map((s) => s.status))].join(' ');
    const inside = set
      .map((s) => s.inside)
      .filter((v) => v !== undefined)
      .sort((a, b) => a - b);
    rows.push({
      kind,
      requests: set.length,
      'req/s': (set.length / elapsed).toFixed(1),
      p50: percentile(ms, 50).toFixed(0),
      p95: percentile(ms, 95).toFixed(0),
      p99: percentile(ms, 99).toFixed(0),
      max: (ms.at(-1) ?? 0).toFixed(0),
      'in Worker p50/p95': `${percentile(inside, 50).toFixed(0)}/${percentile(inside, 95).toFixed(0)}`,
      errors: errors.length + (statuses ? ` (${statuses})` : ''),
    });
  }
  console.table(rows);
  const p95 = Number(rows.at(-1).p95);
  const writes = users.reduce((n, u) => n + u.writes.notes + u.writes.created + u.writes.lastTitle.size, 0);
  console.log(`p95 ${p95} ms (target < ${P95_TARGET_MS} ms): ${p95 < P95_TARGET_MS ? 'PASS' : 'MISS'}`);
  console.log(
    `writes verified: ${problems.length ? `${problems.length} problems\n${problems.slice(0, 20).join('\n')}` : `all landed exactly once (${writes} checked)`}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
