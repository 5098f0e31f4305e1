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

async function intro(quick) {
  const stateDir = `${STATE}-intro`;
  const seededMark = `${stateDir}/seeded`;
  if (!existsSync(seededMark)) rmSync(stateDir, { recursive: true, force: true });
  const sqliteFile = migrate(stateDir);
  const genStart = performance.now();
  if (!existsSync(seededMark)) {
    console.log('Generating the intro-path dataset…');
    generate(sqliteFile, { users: { main: BENCH_USERS.main }, interactions: 0, quietUsers: 0 });
    const { links } = seedIntroLinks(sqliteFile, BENCH_USERS.main.id);
    writeFileSync(seededMark, `${links} links\n`);
  }
  const generationSeconds = (performance.now() - genStart) / 1000;
  console.log(`  done in ${generationSeconds.toFixed(1)} s`);
  const targets = introTargets(sqliteFile, BENCH_USERS.main.id);
  const server = await startServer({ stateDir, port: PORT, vars: { API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  let results;
  try {
    const session = { cookie: `kith_session=${BENCH_USERS.main.token}`, origin: server.url };
    results = await measureIntroPaths(server.url, session, { targets, runs: quick ? 4 : 11 });
  } finally {
    await server.stop();
  }
  printTable({
    ran_at: new Date().toISOString(),
    machine: `${machine()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    dataset: { contacts: BENCH_USERS.main.contacts, links: INTRO_LINKS, generation_seconds: Math.round(generationSeconds * 10) / 10 },
    results,
  });
}

/** `--local`: keystroke to rows from the browser's own index, its first build and its size (#49), on a dataset of its own. */
async function local(quick) {
  const stateDir = `${STATE}-local`;
  const seededMark = `${stateDir}/seeded`;
  if (!existsSync(seededMark)) rmSync(stateDir, { recursive: true, force: true });
  const sqliteFile = migrate(stateDir);
  const genStart = performance.now();
  if (!existsSync(seededMark)) {
    console.log('Generating the local-index dataset…');
    generate(sqliteFile, { users: { main: BENCH_USERS.main }, interactions: 0, quietUsers: 0 });
    writeFileSync(seededMark, 'seeded\n');
  }
  const generationSeconds = (performance.now() - genStart) / 1000;
  const server = await startServer({ stateDir, port: PORT, vars: { API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  let results;
  try {
    const session = { cookie: `kith_session=${BENCH_USERS.main.token}`, origin: server.url };
    results = await measureLocalKeystrokes(server.url, session, { runs: quick ? 1 : 3, contacts: BENCH_USERS.main.contacts });
  } finally {
    await server.stop();
  }
  printTable({
    ran_at: new Date().toISOString(),
    machine: `${machine()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    dataset: { contacts: BENCH_USERS.main.contacts, generation_seconds: Math.round(generationSeconds * 10) / 10 },
    results,
  });
}

async function main() {
  // `--life-events`: only the background pass over 1 000 new messages (#46), the app's own code in
  // node:sqlite with a fake model: its SQL statements and model calls against their budget.
  if (process.argv.includes('--life-events')) {
    execSync('npx vite-node bench/life-events.ts', { stdio: 'inherit' });
    return;
  }
  const quick = process.argv.includes('--quick');
  const searchOnly = process.argv.includes('--search');
  // `--writes`: only the rows-written figures (a partial run, like --search).
  const writesOnly = process.argv.includes('--writes');
  // `--keystroke`: only keystroke-to-rows, on the dataset a run before left (seeded if none):
  // a loop of seconds, not minutes, for work on the search box.
  const keystrokeOnly = process.argv.includes('--keystroke');
  // `--pages`: the contact page's server figure and the page loads in Chromium, on the dataset
  // a run before left (seeded if none).
  const pagesOnly = process.argv.includes('--pages');
  // `--imports`: only the three file imports and the geocoding the located one queues, on a
  // fresh dataset (an import run before would have left its contacts to match against).
  const importsOnly = process.argv.includes('--imports');
  // `--purge`: only the bulk actions, the two deletes and the purges of their interactions, on a
  // fresh dataset (a delete cannot be measured twice on the same one).
  const purgeOnly = process.argv.includes('--purge');
  // `--dav`: only the phone's address book (an initial sync of the 5 000-contact user, an empty
  // incremental sync), on the dataset a run before left (seeded if none).
  const davOnly = process.argv.includes('--dav');
  // `--intro`: only who-can-introduce-me (#45), on a dataset of its own (the main user's 50 000
  // contacts and 200 000 links, no interactions), kept under .wrangler/bench-intro for the next run.
  const introOnly = process.argv.includes('--intro');
  const growthFlag = process.argv.find((a) => a === '--growth' || a.startsWith('--growth='));
  console.log('Building…');
  execSync('npm run -s build', { stdio: 'inherit' });
  if (growthFlag) {
    const sizes = growthFlag.includes('=') ? growthFlag.slice('--growth='.length).split(',').map(Number) : GROWTH_SIZES;
    await growth(sizes, quick);
    return;
  }
  if (introOnly) {
    await intro(quick);
    return;
  }
  if (process.argv.includes('--local')) {
    await local(quick);
    return;
  }
  const reuse = (keystrokeOnly || pagesOnly || davOnly) && existsSync(STATE);
  // --purge starts each run from a copy of the dataset its first run seeded (remove
  // .wrangler/bench-seeded after a new migration or a change to the generator).
  const seeded = `${STATE}-seeded`;
  const fromSeeded = purgeOnly && existsSync(seeded);
  if (!reuse) rmSync(STATE, { recursive: true, force: true });
  if (fromSeeded) cpSync(seeded, STATE, { recursive: true });
  const sqliteFile = migrate(STATE);
  const genStart = performance.now();
  let locations = null;
  if (!reuse && !fromSeeded) {
    console.log('Generating the dataset…');
    ({ locations } = generate(sqliteFile));
    if (purgeOnly) cpSync(STATE, seeded, { recursive: true });
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
  const results = [];
  try {
    const session = (key) => ({ cookie: `kith_session=${BENCH_USERS[key].token}`, origin: server.url });
    if (keystrokeOnly) {
      results.push(...(await measureKeystrokeToRows(server.url, session('main'), { runs: 3 })));
    } else if (davOnly) {
      results.push(...(await measureDavSync(server.url, session('other'), BENCH_USERS.other, { runs: quick ? 10 : 40 })));
    } else if (pagesOnly) {
      results.push(...(await measureServerPages(server.url, session('main'), BUSY_CONTACT, 40, session('map'))));
      results.push(...(await measurePageLoad(server.url, session, { busyContact: BUSY_CONTACT, runs: 5 })));
    } else if (importsOnly) {
      const main = { cookie: session('main').cookie };
      results.push(...(await measureImports({ url: server.url, main, sqliteFile, mapbox, quick, locations: benchLocations() })));
    } else if (purgeOnly) {
      results.push(...(await measureBulkActions(server.url, { cookie: session('main').cookie }, BUSY_CONTACT)));
    } else if (writesOnly) {
      results.push(...(await measureRowsWritten({ server, session, sqliteFile, telegram })));
    } else {
      results.push(
        ...(await runWorkloads({
          url: server.url,
          session,
          sqliteFile,
          mapbox,
          quick,
          searchOnly,
          busyContact: BUSY_CONTACT,
          locations: benchLocations(),
        })),
      );
      // After the workloads: the nightly cron it triggers also starts the geocoding backfill.
      if (!searchOnly) results.push(...(await measureRowsWritten({ server, session, sqliteFile, telegram })));
      if (!searchOnly) results.push(...(await measureDavSync(server.url, session('other'), BENCH_USERS.other, { runs: quick ? 10 : 40 })));
      if (!searchOnly) results.push(...(await measurePageWeight(server.url, session('main'))));
      if (!searchOnly) {
        const settled = await untilBackgroundSettles(server);
        console.log(`Background jobs settled: ${settled.jobs} more ran in ${settled.seconds.toFixed(1)} s.`);
        console.log('Measuring page loads in Chromium…');
        const jobsBefore = jobCosts(server).length;
        results.push(...(await measurePageLoad(server.url, session, { busyContact: BUSY_CONTACT, runs: quick ? 2 : 5 })));
        console.log(`  ${jobCosts(server).length - jobsBefore} background jobs ran during the page loads.`);
      }
      console.log('Measuring keystroke to rows in Chromium…');
      results.push(...(await measureKeystrokeToRows(server.url, session('main'), { runs: quick ? 1 : 3 })));
      if (!searchOnly) results.push(...runNaiveComparisons({ sqliteFile, users: BENCH_USERS, results, quick }));
    }
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
  if (searchOnly || writesOnly || keystrokeOnly || pagesOnly || importsOnly || purgeOnly || davOnly) return;
  // The growth figures (`--growth`, a run of their own) stay until the next growth run.
  const carried = carriedGrowth(RESULTS);
  writeFileSync(RESULTS, `${JSON.stringify({ ...report, results: [...results, ...carried.results], growth: carried.growth }, null, 2)}\n`);
  writeReadmeTable(report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
