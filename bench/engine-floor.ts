// `npx vite-node bench/engine-floor.ts -- <sqlite file> [--json=<out>] [figure …]`
// The engine floor of bench figures: the app's own domain function behind each figure (the
// list, search and map), run in node:sqlite on the bench's database with no Worker, no D1
// simulation and no HTTP. Prints each statement it ran with its time alone and its
// EXPLAIN QUERY PLAN, so a figure that misses can be taken apart. With --json, writes rows in
// results.json's shape (`floor: <figure>`).
import { writeFileSync } from 'node:fs';
import { loadContactPage } from '../app/contacts/contact-page-data.server';
import { createDb } from '../worker/db/client';
import { getUser } from '../worker/domain/auth/users';
import type { Deps } from '../worker/domain/deps';
import { findDuplicates } from '../worker/domain/duplicates/find-duplicates';
import { parseMapBox, type MapBox } from '../worker/domain/map/map-box';
import { clustersInBox } from '../worker/domain/map/map-clusters';
import { MAX_PINS, pinsInBox } from '../worker/domain/map/map-pin-queries';
import { networkView } from '../worker/domain/map/network-view-queries';
import { contactListParamsSchema, toContactListQuery } from '../worker/domain/search/contact-list-params';
import { listContacts } from '../worker/domain/search/list-contacts';
import { BENCH_USERS, BUSY_CONTACT } from './generate.mjs';
import { summarise } from './measure.mjs';
import { sqliteD1, type Executed } from './sqlite-d1';
import { LIST_QUERIES, MAP_VIEWS, SEARCHES } from './workloads.mjs';

type Db = ReturnType<typeof createDb>;
const RUNS = 15;
/** Statements slower than this alone get their SQL and query plan printed. */
const SLOW_MS = 1;

function listCall(path: string): (db: Db) => Promise<unknown> {
  const params = Object.fromEntries(new URL(path, 'http://bench').searchParams);
  const query = toContactListQuery(contactListParamsSchema.parse(params));
  return (db) => listContacts(db, BENCH_USERS.main.id, query, { page: 1, pageSize: 50 });
}

/** Every figure the floor knows, by the name the bench gives it. */
function figures(): Map<string, (db: Db) => Promise<unknown>> {
  const calls = new Map<string, (db: Db) => Promise<unknown>>();
  for (const [name, path] of [...LIST_QUERIES, ...SEARCHES] as [string, string][]) calls.set(name, listCall(path));
  for (const [view, bbox, zoom] of MAP_VIEWS as [string, string, number][]) {
    const box = parseMapBox(bbox) as MapBox;
    calls.set(`map pins: ${view}`, (db) => pinsInBox(db, BENCH_USERS.map.id, box, MAX_PINS));
    calls.set(`map clusters: ${view}`, (db) => clustersInBox(db, BENCH_USERS.map.id, box, zoom));
  }
  // The map page's own reads (its render and the session are not here).
  calls.set('map page SSR', (db) => networkView(db, BENCH_USERS.map.id));
  // The contact page's loader (its reads, not the render or the session).
  calls.set('contact page SSR (5 000 interactions)', async (db) => {
    const user = await getUser(db, BENCH_USERS.main.id);
    return loadContactPage({ db, settings: {} } as unknown as Deps, user!, BUSY_CONTACT);
  });
  calls.set('duplicates of one contact', (db) => findDuplicates(db, BENCH_USERS.main.id, BUSY_CONTACT));
  return calls;
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

function explain(raw: ReturnType<typeof sqliteD1>['db'], statement: Executed): string[] {
  const rows = raw.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.params) as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const depth = new Map<number, number>([[0, 0]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? 0) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d)}${r.detail}`;
  });
}

async function main() {
  const args: string[] = process.argv.slice(2).filter((a: string) => a !== '--');
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: vite-node bench/engine-floor.ts -- <sqlite file> [--json=<out>] [figure …]');
  const jsonOut = args.find((a) => a.startsWith('--json='))?.slice('--json='.length);
  const known = figures();
  const wanted = args.filter((a) => !a.startsWith('--') && a !== file);
  const names = wanted.length ? wanted : [...known.keys()];
  const { d1, executed, db: raw } = sqliteD1(file);
  const db = createDb(d1);
  const rows = [];
  for (const name of names) {
    const call = known.get(name);
    if (!call) {
      console.log(`\n## ${name}: no engine floor for this figure`);
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      executed.length = 0;
      const start = performance.now();
      await call(db);
      if (i >= 2) times.push(performance.now() - start);
    }
    const whole = summarise(times);
    const statements = [...executed];
    console.log(`\n## ${name}: ${whole.median} ms median, ${whole.p95} ms p95 (node:sqlite, ${statements.length} statements)`);
    const timed = statements.map((s) => {
      const alone = summarise(
        Array.from({ length: 7 }, () => {
          const start = performance.now();
          raw.prepare(s.sql).all(...s.params);
          return performance.now() - start;
        }),
      );
      return { s, alone };
    });
    // Plans for the statements that matter; the page's small key lookups get one line each.
    for (const { s, alone } of timed) {
      if (alone.median < SLOW_MS) {
        console.log(`${alone.median} ms: ${oneLine(s.sql).slice(0, 120)}…`);
        continue;
      }
      console.log(`\n${alone.median} ms alone: ${oneLine(s.sql)}`);
      console.log(`  params: ${JSON.stringify(s.params).slice(0, 300)}`);
      console.log(explain(raw, s).join('\n'));
      console.log('');
    }
    const slowest = timed.reduce((a, b) => (b.alone.median > a.alone.median ? b : a), timed[0]!);
    rows.push({
      name: `floor: ${name}`,
      unit: 'ms',
      ...whole,
      note: `node:sqlite, the domain function alone (${statements.length} statements; slowest ${slowest.alone.median} ms: ${oneLine(slowest.s.sql).slice(0, 80)}…)`,
    });
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows));
}

main().then(
  // vite-node's dev server can keep the process alive after the last figure.
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
