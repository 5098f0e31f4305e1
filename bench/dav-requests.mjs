// What each kind of DAV request costs (#42, ADR 059), on a small dataset of its own: the 5 000-contact
// bench user alone, in .wrangler/bench-dav of the tree it is run from. For a before/after at the
// same minute, run it from two trees back to back (each with its own build and state):
//
//   node bench/dav-requests.mjs [--runs 50] [--port 8795]
//
// It prints, per request kind, the Server-Timing total (median and sum), the D1 calls waited on,
// the statements sent and the rows D1 reports reading (the last two when the build reports them).
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCH_USERS, generate } from './generate.mjs';
import { migrate, startServer } from './server.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg('--runs', 50));
const PORT = Number(arg('--port', 8795));
const STATE = '.wrangler/bench-dav';
const user = BENCH_USERS.other;

const multigetBody = (hrefs) =>
  `<?xml version="1.0" encoding="utf-8"?><C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data/></D:prop>${hrefs
    .map((h) => `<D:href>${h}</D:href>`)
    .join('')}</C:addressbook-multiget>`;
const syncBody = (token) =>
  `<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>`;
const PROPFIND_ETAGS =
  '<?xml version="1.0" encoding="UTF-8"?><A:propfind xmlns:A="DAV:"><A:prop><A:getetag/><A:getcontenttype/></A:prop></A:propfind>';

/** total, d1-calls, statements and rows read of one answer's Server-Timing. */
function costOf(header) {
  const h = header ?? '';
  const num = (re) => {
    const m = re.exec(h);
    return m ? Number(m[1]) : null;
  };
  return {
    total: num(/total;dur=([\d.]+)/),
    calls: num(/d1-calls;desc="(\d+)"/),
    statements: num(/db;dur=[\d.]+;desc="(\d+) queries"/),
    rows: num(/d1-rows-read;desc="(\d+)"/),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const fresh = !existsSync(STATE);
  if (process.argv.includes('--fresh')) rmSync(STATE, { recursive: true, force: true });
  const sqlite = migrate(STATE);
  if (fresh || process.argv.includes('--fresh')) generate(sqlite, { users: { other: user }, interactions: 0, quietUsers: 0 });
  const server = await startServer({ stateDir: STATE, port: PORT, vars: { API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  try {
    const made = await fetch(`${server.url}/api/v1/app-passwords`, {
      method: 'POST',
      headers: { cookie: `kith_session=${user.token}`, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cost bench' }),
    });
    if (!made.ok) throw new Error(`app-passwords answered ${made.status}`);
    const auth = `Basic ${Buffer.from(`${user.email}:${(await made.json()).data.password}`).toString('base64')}`;
    const book = `/dav/addressbooks/${user.id}/kith/`;
    const rows = {};
    async function request(kind, method, body, depth = '1') {
      const start = performance.now();
      const res = await fetch(`${server.url}${book}`, {
        method,
        headers: { authorization: auth, depth, 'content-type': 'application/xml; charset=utf-8' },
        body,
      });
      const text = await res.text();
      if (res.status !== 207) throw new Error(`${kind} answered ${res.status}: ${text.slice(0, 200)}`);
      (rows[kind] ??= []).push({ ...costOf(res.headers.get('server-timing')), wall: performance.now() - start });
      return text;
    }
    // The ETags from empty (pages of 500), as DAVx5 starts: these pages also warm whatever the build keeps.
    const hrefs = [];
    let token = '';
    for (;;) {
      const xml = await request('sync-collection page of 500 ETags', 'REPORT', syncBody(token));
      hrefs.push(...[...xml.matchAll(/<d:href>([^<]+\.vcf)<\/d:href>/g)].map((m) => m[1]));
      token = /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(xml)?.[1] ?? '';
      if (!/507 Insufficient Storage/.test(xml)) break;
    }
    for (let i = 0; i < RUNS; i++) await request('multiget of 10 cards', 'REPORT', multigetBody(hrefs.slice(i * 10, i * 10 + 10)));
    for (let i = 0; i < RUNS; i++) await request('empty incremental sync-collection', 'REPORT', syncBody(token));
    await request('PROPFIND Depth 1 (every ETag, streamed)', 'PROPFIND', PROPFIND_ETAGS);
    console.log(`${new Date().toISOString()} load ${loadavg()[0].toFixed(1)}, ${hrefs.length} cards, cwd ${process.cwd()}`);
    console.log('| request | n | total p50 ms | total sum ms | wall sum ms | D1 calls | statements | rows read |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [kind, list] of Object.entries(rows)) {
      const col = (key) => (list[0][key] === null ? '–' : String(median(list.map((r) => r[key]))));
      const totals = list.map((r) => r.total ?? 0);
      const sum = (xs) => xs.reduce((a, b) => a + b, 0).toFixed(0);
      console.log(
        `| ${kind} | ${list.length} | ${median(totals).toFixed(1)} | ${sum(totals)} | ${sum(list.map((r) => r.wall))} | ${col('calls')} | ${col('statements')} | ${col('rows')} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
