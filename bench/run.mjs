#!/usr/bin/env node
// `npm run bench`: seeds the bench dataset into a local D1, drives the real Worker
// (`wrangler dev`) over HTTP, runs the naive approaches on the same data, and prints a
// table with PASS/MISS against the budgets. Writes bench/results.json. Not a test.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { startFakeMapbox } from './fake-mapbox.mjs';
import { carriedGrowth, floorsOfMisses, GROWTH_SIZES, growthMarkdown, mergeGrowthResults, runGrowth } from './growth.mjs';
import { BENCH_USERS, benchLocations, BUSY_CONTACT, generate, INTERACTIONS } from './generate.mjs';
import { runNaiveComparisons } from './naive.mjs';
import { measureKeystrokeToRows } from './keystroke.mjs';
import { measureLocalKeystrokes } from './keystroke-local.mjs';
import { measureDavSync } from './dav-sync.mjs';
import { INTRO_LINKS, introTargets, measureIntroPaths, seedIntroLinks } from './intro-paths.mjs';
import { jobCosts, untilBackgroundSettles } from './background-jobs.mjs';
import { measurePageLoad } from './page-load.mjs';
import { measurePageWeight } from './page-weight.mjs';
import { printTable, writeReadmeBlock, writeReadmeTable } from './report.mjs';
import { migrate, startServer } from './server.mjs';
import { measureRowsWritten, startFakeTelegram, TELEGRAM_SECRET } from './rows-written.mjs';
import { measureBulkActions, measureImports, measureServerPages, runWorkloads } from './workloads.mjs';

const STATE = '.wrangler/bench';
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const RESULTS = 'bench/results.json';
const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;

/**
 * `--growth` (or `--growth=10000,50000`): the list, search, map and page figures at each size,
 * seeded fresh each time. Its rows go into results.json beside the full run's, and its table
 * into README.md's growth section.
 */
async function growth(sizes, quick) {
  const mapbox = await startFakeMapbox();
  let run;
  try {
    run = await runGrowth({
      sizes,
      port: PORT,
      runs: quick ? 10 : 40,
      vars: {
        API_RATE_LIMIT_PER_MINUTE: '100000000',
        MAP_PROVIDER_SECRET_TOKEN: 'bench-secret',
        MAPBOX_API_URL: mapbox.url,
        MAP_PROVIDER_PUBLIC_TOKEN: 'pk.bench',
        MAP_STYLE_URL: `${mapbox.url}/style.json`,
      },
    });
  } finally {
    await mapbox.close();
  }
  // A floor that cannot be taken must not cost the quarter hour of figures measured before it.
  let floors = [];
  try {
    floors = floorsOfMisses(run);
  } catch (error) {
    console.error(`The engine floors failed; the figures are written without them: ${error.message}`);
  }
  const done = { ...run, floors, ranAt: new Date().toISOString(), machine: machine() };
  const table = growthMarkdown(done);
  console.log(`\n${table}\n`);
  mergeGrowthResults(RESULTS, done);
  writeReadmeBlock('growth', table);
}

/**
 * A run on a dataset of its own under `.wrangler/bench-<name>`, kept for the next run: `seed`
 * fills it once (answering what the seeded mark says), `prepare` reads what `measure` needs from
 * it before the Worker starts on it.
 */
async function onDatasetOfItsOwn(name, { describe, seed, dataset, prepare = () => undefined, measure }) {
  const stateDir = `${STATE}-${name}`;
  const seededMark = `${stateDir}/seeded`;
  if (!existsSync(seededMark)) rmSync(stateDir, { recursive: true, force: true });
  const sqliteFile = migrate(stateDir);
  const genStart = performance.now();
  if (!existsSync(seededMark)) {
    console.log(`Generating the ${describe} dataset…`);
    generate(sqliteFile, { users: { main: BENCH_USERS.main }, interactions: 0, quietUsers: 0 });
    writeFileSync(seededMark, `${seed(sqliteFile)}\n`);
  }
  const generationSeconds = (performance.now() - genStart) / 1000;
  console.log(`  done in ${generationSeconds.toFixed(1)} s`);
  const prepared = prepare(sqliteFile);
  const server = await startServer({ stateDir, port: PORT, vars: { API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  let results;
  try {
    const session = { cookie: `kith_session=${BENCH_USERS.main.token}`, origin: server.url };
    results = await measure(server.url, session, prepared);
  } finally {
    await server.stop();
  }
  printTable({
    ran_at: new Date().toISOString(),
    machine: `${machine()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    dataset: { contacts: BENCH_USERS.main.contacts, ...dataset, generation_seconds: Math.round(generationSeconds * 10) / 10 },
    results,
  });
}

/**
 * Every option of `npm run bench`, one row each; `--help` prints them. The first option given
 * that names a run decides it; with none, the full run. A row with `run` runs on its own (a
 * dataset of its own, or no Worker); a row with `measure` takes its figures on the full run's
 * dataset, its server and fakes, as a partial run: it prints its rows and leaves results.json
 * and the README's table alone. `dataset` says where that dataset comes from: `reuse` the one a
 * run before left (seeded if none), `seeded` a copy of the one its first run seeded (remove
 * .wrangler/bench-seeded after a new migration or a change to the generator), otherwise fresh.
 */
const RUNS = [
  {
    name: '--life-events',
    help: 'only the background pass over 1 000 new messages (#46): the app’s own code in node:sqlite with a fake model, its SQL statements and model calls against their budget',
    build: false,
    run: () => execSync('npx vite-node bench/life-events.ts', { stdio: 'inherit' }),
  },
  {
    name: '--monica',
    help: 'only a Monica import of 5 000 contacts and 100 000 records through the fake Monica (#48; 500 and 10 000 with --quick): the app’s own run_monica_import in node:sqlite, its time, statements and rows per contact, and its peak batches',
    build: false,
    run: ({ quick }) => execSync(`npx vite-node bench/monica.ts${quick ? ' -- --quick' : ''}`, { stdio: 'inherit' }),
  },
  {
    name: '--growth',
    value: '=10000,50000',
    help: 'the list, search, map and page figures at each size (default: the growth sizes), seeded fresh each time; into results.json beside the full run’s and README.md’s growth section',
    run: ({ quick, value }) => growth(value ? value.split(',').map(Number) : GROWTH_SIZES, quick),
  },
  {
    name: '--intro',
    help: 'only who-can-introduce-me (#45), on a dataset of its own (the main user’s 50 000 contacts and 200 000 links, no interactions) under .wrangler/bench-intro',
    run: ({ quick }) =>
      onDatasetOfItsOwn('intro', {
        describe: 'intro-path',
        seed: (sqliteFile) => `${seedIntroLinks(sqliteFile, BENCH_USERS.main.id).links} links`,
        dataset: { links: INTRO_LINKS },
        prepare: (sqliteFile) => introTargets(sqliteFile, BENCH_USERS.main.id),
        measure: (url, session, targets) => measureIntroPaths(url, session, { targets, runs: quick ? 4 : 11 }),
      }),
  },
  {
    name: '--local',
    help: 'keystroke to rows from the browser’s own index, its first build and its size (#49), on a dataset of its own under .wrangler/bench-local',
    run: ({ quick }) =>
      onDatasetOfItsOwn('local', {
        describe: 'local-index',
        seed: () => 'seeded',
        dataset: {},
        measure: (url, session) => measureLocalKeystrokes(url, session, { runs: quick ? 1 : 3, contacts: BENCH_USERS.main.contacts }),
      }),
  },
  {
    name: '--keystroke',
    help: 'only keystroke-to-rows, on the dataset a run before left: a loop of seconds, not minutes, for work on the search box',
    dataset: 'reuse',
    measure: ({ url, session }) => measureKeystrokeToRows(url, session('main'), { runs: 3 }),
  },
  {
    name: '--dav',
    help: 'only the phone’s address book (an initial sync of the 5 000-contact user, an empty incremental sync), on the dataset a run before left',
    dataset: 'reuse',
    measure: ({ url, session, quick }) => measureDavSync(url, session('other'), BENCH_USERS.other, { runs: quick ? 10 : 40 }),
  },
  {
    name: '--pages',
    help: 'the contact page’s server figure and the page loads in Chromium, on the dataset a run before left',
    dataset: 'reuse',
    measure: async ({ url, session }) => [
      ...(await measureServerPages(url, session('main'), BUSY_CONTACT, 40, session('map'))),
      ...(await measurePageLoad(url, session, { busyContact: BUSY_CONTACT, runs: 5 })),
    ],
  },
  {
    name: '--imports',
    help: 'only the three file imports and the geocoding the located one queues, on a fresh dataset (an import run before would have left its contacts to match against)',
    measure: ({ url, session, sqliteFile, mapbox, quick }) =>
      measureImports({ url, main: { cookie: session('main').cookie }, sqliteFile, mapbox, quick, locations: benchLocations() }),
  },
  {
    name: '--purge',
    help: 'only the bulk actions, the two deletes and the purges of their interactions, each run from a copy of the dataset its first run seeded (a delete cannot be measured twice on the same one)',
    dataset: 'seeded',
    measure: ({ url, session }) => measureBulkActions(url, { cookie: session('main').cookie }, BUSY_CONTACT),
  },
  {
    name: '--writes',
    help: 'only the rows-written figures',
    measure: ({ server, session, sqliteFile, telegram }) => measureRowsWritten({ server, session, sqliteFile, telegram }),
  },
  {
    name: '--search',
    help: 'only the search figures and keystroke-to-rows',
    measure: (context) => measureAll(context, { searchOnly: true }),
  },
];

/** Options that change how a run runs rather than which. */
const MODIFIERS = [
  { name: '--quick', help: 'fewer runs of each figure: a smoke run' },
  { name: '--help', help: 'this list' },
];

function printHelp() {
  const rows = [...RUNS, ...MODIFIERS].map((o) => [`${o.name}${o.value ? `[${o.value}]` : ''}`, o.help]);
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    'npm run bench [-- <option>]: with no option, every figure (about 12 minutes; writes bench/results.json and the README tables).\n',
  );
  for (const [name, help] of rows) console.log(`  ${name.padEnd(width)}  ${help}`);
}

/** The option given that names a run (and what follows its `=`), or none for the full run; exits on an option it does not know. */
function chosenRun(args) {
  const known = [...RUNS, ...MODIFIERS].map((o) => o.name);
  const unknown = args.filter((a) => !known.includes(a.split('=')[0]));
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(', ')}.\n`);
    printHelp();
    process.exit(1);
  }
  for (const option of RUNS) {
    const given = args.find((a) => a.split('=')[0] === option.name);
    if (given !== undefined) return { option, value: given.includes('=') ? given.slice(given.indexOf('=') + 1) : undefined };
  }
  return { option: undefined, value: undefined };
}

/** The full run's figures (`--search`: the search ones alone). */
async function measureAll({ url, server, session, sqliteFile, mapbox, telegram, quick }, { searchOnly = false } = {}) {
  const results = [
    ...(await runWorkloads({
      url,
      session,
      sqliteFile,
      mapbox,
      quick,
      searchOnly,
      busyContact: BUSY_CONTACT,
      locations: benchLocations(),
    })),
  ];
  if (!searchOnly) {
    // After the workloads: the nightly cron it triggers also starts the geocoding backfill.
    results.push(...(await measureRowsWritten({ server, session, sqliteFile, telegram })));
    results.push(...(await measureDavSync(url, session('other'), BENCH_USERS.other, { runs: quick ? 10 : 40 })));
    results.push(...(await measurePageWeight(url, session('main'))));
    const settled = await untilBackgroundSettles(server);
    console.log(`Background jobs settled: ${settled.jobs} more ran in ${settled.seconds.toFixed(1)} s.`);
    console.log('Measuring page loads in Chromium…');
    const jobsBefore = jobCosts(server).length;
    results.push(...(await measurePageLoad(url, session, { busyContact: BUSY_CONTACT, runs: quick ? 2 : 5 })));
    console.log(`  ${jobCosts(server).length - jobsBefore} background jobs ran during the page loads.`);
  }
  console.log('Measuring keystroke to rows in Chromium…');
  results.push(...(await measureKeystrokeToRows(url, session('main'), { runs: quick ? 1 : 3 })));
  if (!searchOnly) results.push(...runNaiveComparisons({ sqliteFile, users: BENCH_USERS, results, quick }));
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help')) return printHelp();
  const quick = args.includes('--quick');
  const { option, value } = chosenRun(args);
  if (option?.build !== false) {
    console.log('Building…');
    execSync('npm run -s build', { stdio: 'inherit' });
  }
  if (option?.run) return option.run({ quick, value });

  const reuse = option?.dataset === 'reuse' && existsSync(STATE);
  const seeded = `${STATE}-seeded`;
  const fromSeeded = option?.dataset === 'seeded' && existsSync(seeded);
  if (!reuse) rmSync(STATE, { recursive: true, force: true });
  if (fromSeeded) cpSync(seeded, STATE, { recursive: true });
  const sqliteFile = migrate(STATE);
  const genStart = performance.now();
  let locations = null;
  if (!reuse && !fromSeeded) {
    console.log('Generating the dataset…');
    ({ locations } = generate(sqliteFile));
    if (option?.dataset === 'seeded') cpSync(STATE, seeded, { recursive: true });
  }
  const generationSeconds = (performance.now() - genStart) / 1000;
  console.log(`  done in ${generationSeconds.toFixed(1)} s`);

  const mapbox = await startFakeMapbox();
  const telegram = await startFakeTelegram();
  const server = await startServer({
    stateDir: STATE,
    port: PORT,
    vars: {
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      MAP_PROVIDER_SECRET_TOKEN: 'bench-secret',
      MAPBOX_API_URL: mapbox.url,
      // The map page loads mapbox-gl with a plain local style (the page-load figures).
      MAP_PROVIDER_PUBLIC_TOKEN: 'pk.bench',
      MAP_STYLE_URL: `${mapbox.url}/style.json`,
      TELEGRAM_GATEWAY_URL: telegram.url,
      TELEGRAM_GATEWAY_SECRET: TELEGRAM_SECRET,
      ENCRYPTION_KEY: 'bench-encryption-key',
      // Each queue job logs its D1 cost: the rows-written figures read it.
      LOG_JOB_COST: '1',
    },
  });
  let results;
  try {
    const session = (key) => ({ cookie: `kith_session=${BENCH_USERS[key].token}`, origin: server.url });
    const context = { url: server.url, server, session, sqliteFile, mapbox, telegram, quick };
    results = await (option ? option.measure(context) : measureAll(context));
  } finally {
    server.stop();
    await mapbox.close();
    await telegram.close();
  }

  const report = {
    ran_at: new Date().toISOString(),
    machine: machine(),
    dataset: {
      contacts: Object.fromEntries(Object.entries(BENCH_USERS).map(([k, u]) => [k, u.contacts])),
      interactions: INTERACTIONS,
      distinct_locations: locations,
      generation_seconds: Math.round(generationSeconds * 10) / 10,
    },
    results,
  };
  printTable(report);
  // A partial run prints its rows but leaves the full report and the README table alone.
  if (option) return;
  // The growth figures (`--growth`, a run of their own) stay until the next growth run.
  const carried = carriedGrowth(RESULTS);
  writeFileSync(RESULTS, `${JSON.stringify({ ...report, results: [...results, ...carried.results], growth: carried.growth }, null, 2)}\n`);
  writeReadmeTable(report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
