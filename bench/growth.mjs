// `npm run bench -- --growth`: how the list, search, map and page figures grow with the
// network. Each size is seeded fresh into its own local D1 (one user with `size` contacts and
// 10 interactions each; the map user with twice as many geocoded contacts, so 500 000 at the
// top) and measured through the real Worker, like the normal bench.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { clearInterval, setInterval } from 'node:timers';
import { BENCH_USERS, BUSY_CONTACT, generate } from './generate.mjs';
import { migrate, startServer } from './server.mjs';
import { groupDigits, measureList, measureMap, measureSearch, measureServerPages } from './workloads.mjs';

export const GROWTH_SIZES = [10_000, 50_000, 250_000];
export const INTERACTIONS_PER_CONTACT = 10;
export const MAP_PER_CONTACT = 2;
const STATE = '.wrangler/bench-growth';
const PREFIX = 'growth: ';

export const isGrowthRow = (row) => row.name.startsWith(PREFIX);
const oneDecimal = (x) => Math.round(x * 10) / 10;

/**
 * Other work on the machine shows in every figure (the Worker's clock runs on its I/O): waits
 * at most `minutes` for the 1-minute load average to drop under the number of cores.
 */
async function quieter(minutes = 5) {
  const deadline = Date.now() + minutes * 60_000;
  if (loadavg()[0] > cpus().length)
    console.log(`  load average ${oneDecimal(loadavg()[0])}: waiting up to ${minutes} min for a quieter machine…`);
  while (loadavg()[0] > cpus().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10_000));
}

/** Samples the 1-minute load average every 5 s until stopped: its mean and peak go beside the figures. */
function sampleLoad() {
  const samples = [loadavg()[0]];
  const timer = setInterval(() => samples.push(loadavg()[0]), 5_000);
  return () => {
    clearInterval(timer);
    return { mean: oneDecimal(samples.reduce((a, b) => a + b, 0) / samples.length), max: oneDecimal(Math.max(...samples)) };
  };
}

// The map figures are the map user's; the list, search and contact page the main user's.
const onMap = (figure) => figure.startsWith('map ');
const sizeLabel = (figure, meta) =>
  onMap(figure) ? `${groupDigits(meta.map_contacts)} geocoded` : `${groupDigits(meta.contacts)} contacts`;

/** The figures of one size, each named with the size it was measured at. */
async function measureSize({ size, port, runs, vars }) {
  const users = {
    main: { ...BENCH_USERS.main, contacts: size },
    map: { ...BENCH_USERS.map, contacts: size * MAP_PER_CONTACT },
  };
  const interactions = size * INTERACTIONS_PER_CONTACT;
  rmSync(STATE, { recursive: true, force: true });
  const sqliteFile = migrate(STATE);
  console.log(
    `Generating ${groupDigits(size)} contacts, ${groupDigits(interactions)} interactions, ${groupDigits(users.map.contacts)} geocoded…`,
  );
  const genStart = performance.now();
  generate(sqliteFile, { users, interactions, quietUsers: 0 });
  const generationSeconds = Math.round((performance.now() - genStart) / 100) / 10;
  console.log(`  done in ${generationSeconds} s`);

  const meta = { contacts: size, interactions, map_contacts: users.map.contacts, generation_seconds: generationSeconds };
  const server = await startServer({ stateDir: STATE, port, vars });
  await quieter();
  const stopSampling = sampleLoad();
  const figures = [];
  try {
    const cookie = (key) => ({ cookie: `kith_session=${BENCH_USERS[key].token}` });
    const add = (rows) =>
      figures.push(
        ...rows.map((row) => {
          const figure = row.name.replace(/ \([\d ]+ geocoded contacts\)$/, '');
          const note = onMap(figure)
            ? `${groupDigits(users.map.contacts)} geocoded contacts`
            : `${groupDigits(size)} contacts, ${groupDigits(interactions)} interactions`;
          return { figure, size, row: { ...row, name: `${PREFIX}${figure} at ${sizeLabel(figure, meta)}`, note } };
        }),
      );
    add(await measureList(server.url, cookie('main'), runs));
    add(await measureSearch(server.url, cookie('main'), runs));
    add(await measureMap(server.url, cookie('map'), runs, users.map.contacts));
    add(await measureServerPages(server.url, cookie('main'), BUSY_CONTACT, runs, cookie('map'), users.map.contacts));
  } finally {
    await server.stop();
  }
  // The figures only hold for the seeded network: nothing may have written to it meanwhile.
  // Not read-only: wrangler leaves its WAL behind, and only a writer may recover it.
  const held = await whenUnlocked(() => {
    const check = new DatabaseSync(sqliteFile);
    try {
      return check.prepare('SELECT count(*) AS n FROM contacts WHERE user_id = ?').get(BENCH_USERS.main.id).n;
    } finally {
      check.close();
    }
  });
  if (held !== size)
    throw new Error(`the main user held ${held} contacts after measuring, not the ${size} seeded: something else wrote to this database`);
  return { figures, meta: { ...meta, load_average: stopSampling() }, sqliteFile };
}

/** Runs `read` until workerd, which may outlive wrangler by a moment, has let go of the database (at most 20 s). */
async function whenUnlocked(read) {
  for (let attempt = 0; ; attempt++) {
    try {
      return read();
    } catch (error) {
      if (error?.errcode !== 5 || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Every size in turn, smallest first. Returns the figures ({ figure, size, row }) and what each
 * size was: its counts, generation time and the machine's 1-minute load before and after.
 */
export async function runGrowth({ sizes = GROWTH_SIZES, port, runs, vars }) {
  const figures = [];
  const measured = [];
  let sqliteFile;
  for (const size of sizes) {
    const done = await measureSize({ size, port, runs, vars });
    figures.push(...done.figures);
    measured.push(done.meta);
    sqliteFile = done.sqliteFile;
  }
  // The top size's database stays for the engine floors and query plans.
  return { figures, sizes: measured, sqliteFile };
}

/**
 * The engine floor of every figure that misses its budget at the top size: the same domain
 * function in node:sqlite on the top size's database (bench/engine-floor.ts, which also prints
 * each statement's query plan). Returns { figure, row } like the figures.
 */
export function floorsOfMisses({ figures, sizes, sqliteFile }) {
  const top = sizes[sizes.length - 1];
  const missed = figures.filter((f) => f.size === top.contacts && f.row.budget !== undefined && !f.row.pass).map((f) => f.figure);
  if (missed.length === 0) return [];
  console.log(`Engine floors and query plans of the ${missed.length} figures that miss at ${groupDigits(top.contacts)} contacts…`);
  const out = join(tmpdir(), `kith-bench-floors-${process.pid}.json`);
  execFileSync('npx', ['vite-node', 'bench/engine-floor.ts', '--', sqliteFile, `--json=${out}`, ...missed], { stdio: 'inherit' });
  const rows = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return rows.map((row) => {
    const figure = row.name.slice('floor: '.length);
    return { figure, size: top.contacts, row: { ...row, name: `${PREFIX}${row.name} at ${sizeLabel(figure, top)}` } };
  });
}

/** The growth table: one row per figure, p50 / p95 at each size, the budget and its verdict at the top size. */
export function growthMarkdown({ figures, floors = [], sizes, ranAt, machine }) {
  const top = sizes[sizes.length - 1].contacts;
  const names = [...new Set(figures.map((f) => f.figure))];
  const cell = (f) => (f ? `${f.row.median} / ${f.row.p95}` : '');
  const header = sizes.map((s) => `${groupDigits(s.contacts)} (map ${groupDigits(s.map_contacts)})`);
  const lines = names.map((name) => {
    const at = sizes.map((s) => figures.find((f) => f.figure === name && f.size === s.contacts));
    // The last step (five times the contacts), not the first size: a small size is the most
    // shaken by other work on the machine, its figures being a few milliseconds.
    const last = at[at.length - 1]?.row;
    const before = at[at.length - 2]?.row;
    const growth = before && last && before.median > 0 ? `×${Math.round((last.median / before.median) * 10) / 10}` : '';
    const verdict = last?.budget === undefined ? '' : last.pass ? 'PASS' : 'MISS';
    const floor = floors.find((f) => f.figure === name)?.row;
    return `| ${name} | ${at.map(cell).join(' | ')} | ${growth} | ${last?.budget ?? ''} | ${verdict} | ${floor ? `${floor.median} / ${floor.p95}` : ''} |`;
  });
  const conditions = sizes
    .map(
      (s) =>
        `${groupDigits(s.contacts)}: seeded in ${s.generation_seconds} s, measured at a load average of ${s.load_average.mean} (peak ${s.load_average.max})`,
    )
    .join('; ');
  return [
    `Ran ${ranAt} on ${machine}. ${conditions}. Milliseconds inside the Worker, p50 / p95; the verdict is at ${groupDigits(top)} contacts. ` +
      'The floor of a miss: the same domain function in node:sqlite on the top size’s database, no Worker, no HTTP.',
    '',
    `| figure | ${header.join(' | ')} | p50, last step | budget | | floor at the top |`,
    `| --- | ${header.map(() => '---').join(' | ')} | --- | --- | --- | --- |`,
    ...lines,
  ].join('\n');
}

/** results.json keeps the full run's figures: the growth rows replace only the growth rows before them. */
export function mergeGrowthResults(path, { figures, floors = [], sizes, ranAt, machine }) {
  const report = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { results: [] };
  report.results = [...report.results.filter((r) => !isGrowthRow(r)), ...[...figures, ...floors].map((f) => f.row)];
  report.growth = { ran_at: ranAt, machine, sizes };
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}

/** What a full run carries over from results.json: the growth rows and their conditions. */
export function carriedGrowth(path) {
  if (!existsSync(path)) return { results: [] };
  const report = JSON.parse(readFileSync(path, 'utf8'));
  return { results: (report.results ?? []).filter(isGrowthRow), growth: report.growth };
}
