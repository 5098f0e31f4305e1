/* global document */
// `node bench/profile-local.mjs [--keys] [--build] [--slow] [--commits] [--trace] [--runs=N]`: where the browser's time
// goes in the local index's two budgets (issue #49): a CPU profile (DevTools protocol
// `Profiler`) of typing the keystroke bench's queries and of the first build on an empty device,
// summed by self time per source module and per function (through the client build's source
// maps: build with KITH_SOURCEMAP=1), beside `Performance.getMetrics`' task and script time and
// the wall time. CPU time is what to compare on a shared machine; wall time only in the same minute.
// --trace splits each key's main thread time, keydown to painted rows, by kind and by trace event (bench/trace-split.mjs);
// --trace-js adds V8's samples to the trace: the script inside those windows by module and function.
// --commits counts React's commits and the components they mount per key (e2e/support/react-commits.ts).
// Needs the `--local` dataset (.wrangler/bench-local, seeded by `npm run bench -- --local`) and a build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
// generate.mjs needs node:sqlite (Node 22); the main user's session is all this needs.
const BENCH_USERS = { main: { token: 'bench-session-main' } };
import { rowsPaintedFor, typeQueries, QUERIES } from './keystroke-local.mjs';
import { startServer } from './server.mjs';
import { splitOfTrace } from './trace-split.mjs';
import { countReactCommits, takeReactCommits } from '../e2e/support/react-commits.ts';

const STATE = process.env.BENCH_STATE ?? '.wrangler/bench-local';
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const flag = (name) => process.argv.includes(`--${name}`);
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 2);
// --cpu: no profiler (its sampling costs CPU of its own), only CPU time, metrics and wall time.
const cpuOnly = flag('cpu');
const commits = flag('commits');
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);

const maps = new Map();
function sourceMapOf(url) {
  const file = url.match(/\/assets\/[^/?#]+\.js/)?.[0];
  if (!file) return null;
  if (!maps.has(file)) {
    const path = `build/client${file}.map`;
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  return maps.get(file);
}

/** Where a profiled function comes from: its source module and name, through the source map if there is one. */
function placeOf(frame) {
  if (!frame.url) return { module: frame.functionName || '(anonymous)', fn: frame.functionName || '(anonymous)' };
  const map = sourceMapOf(frame.url);
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = at?.source ? at.source.replace(/^(\.\.\/)+/, '') : frame.url.replace(/^https?:\/\/[^/]+/, '');
  const module = source.includes('node_modules/') ? source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : source;
  const line = at?.line ?? frame.lineNumber + 1;
  return { module, fn: `${at?.name ?? frame.functionName ?? '(anonymous)'} ${source.replace(/^.*node_modules\//, '')}:${line}` };
}

/** Self time (ms) per module and per function, and the profile's totals. */
export function summariseProfile(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const byModule = new Map();
  const byFn = new Map();
  const totals = { sampled: 0, idle: 0, program: 0, gc: 0 };
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id).callFrame;
    const ms = us / 1000;
    totals.sampled += ms;
    if (frame.functionName === '(idle)') totals.idle += ms;
    else if (frame.functionName === '(program)') totals.program += ms;
    else if (frame.functionName === '(garbage collector)') totals.gc += ms;
    const { module, fn } = placeOf(frame);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totals, modules: sorted(byModule), functions: sorted(byFn) };
}

/** CPU seconds (user + system, from /proc) of the browser's processes: the renderer's apart, since it runs the page. */
function browserCpu(rootPid) {
  const procs = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      procs.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        renderer: cmd.includes('--type=renderer'),
      });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) {
      if (mine.has(p.pid) || !mine.has(p.ppid)) continue;
      mine.add(p.pid);
      grew = true;
    }
  }
  const ours = procs.filter((p) => mine.has(p.pid));
  const ms = (list) => list.reduce((sum, p) => sum + p.ticks, 0) * 10;
  return { renderer: ms(ours.filter((p) => p.renderer)), all: ms(ours) };
}
let browserPid = 0;

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel', 'v8'];
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value * 1000]));
}
const since = (before, after) => Object.fromEntries(METRICS.map((name) => [name, Math.round(after[name] - before[name])]));

/** Runs `work` under the profiler and prints where the main thread's time went. */
async function profiled(cdp, label, work, { per = 1 } = {}) {
  if (!cpuOnly) {
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const before = await metrics(cdp);
  const cpuBefore = browserCpu(browserPid);
  const wallStart = performance.now();
  const out = await work();
  const wall = performance.now() - wallStart;
  const after = await metrics(cdp);
  const cpuAfter = browserCpu(browserPid);
  const r = (x) => Math.round(x * 10) / 10;
  console.log(`\n== ${label} (load ${loadavg()[0].toFixed(1)}) ==\nwall ${r(wall)} ms`);
  const renderer = cpuAfter.renderer - cpuBefore.renderer;
  console.log(
    `CPU from /proc (ms): renderer ${renderer}, every browser process ${cpuAfter.all - cpuBefore.all}${per > 1 ? `; renderer per key ${r(renderer / per)}` : ''}`,
  );
  console.log(`Performance.getMetrics (ms): ${JSON.stringify(since(before, after))}`);
  if (cpuOnly) return out;
  const { profile } = await cdp.send('Profiler.stop');
  const { totals, modules, functions } = summariseProfile(profile);
  const busy = totals.sampled - totals.idle;
  console.log(`profile: sampled ${r(totals.sampled)} ms, busy ${r(busy)} ms (program ${r(totals.program)}, GC ${r(totals.gc)})`);
  if (per > 1) console.log(`per key: busy ${r(busy / per)} ms, task ${r((after.TaskDuration - before.TaskDuration) / per)} ms`);
  console.log('self time by module (ms):');
  for (const [name, ms] of modules) console.log(`  ${r(ms).toString().padStart(8)}  ${name}`);
  console.log('self time by function (ms):');
  for (const [name, ms] of functions) console.log(`  ${r(ms).toString().padStart(8)}  ${name}`);
  return out;
}

/** The JavaScript inside the keys' windows (--trace-js): self time per key by source module and by function. */
function printScriptInKeys(frames) {
  const r = (x) => Math.round(x * 100) / 100;
  const byModule = new Map();
  const byFn = new Map();
  for (const [frame, ms] of frames) {
    const { module, fn } = placeOf(frame);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  const list = (title, map) => {
    console.log(`  ${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${r(ms).toString().padStart(8)}  ${name}`);
  };
  list('script per key, keydown to painted rows, by module (ms):', byModule);
  list('by function (ms):', byFn);
}

/** React's commits, what they mounted and what they drew again, per key event (the prefix's fill and the key each count one). */
function printCommits({ commits: total, mounted, rendered }, keys) {
  const r = (x) => Math.round(x * 10) / 10;
  const list = (counts) => {
    for (const [name, n] of Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top))
      console.log(
        `  ${r(n / keys)
          .toString()
          .padStart(8)}  ${name}`,
      );
  };
  console.log(`React: ${r(total / keys)} commits per key event; mounted per key event:`);
  list(mounted);
  console.log('drawn again per key event:');
  list(rendered);
}

async function main() {
  const server = await startServer({ stateDir: STATE, port: PORT, vars: { API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // playwright starts Chromium itself: its pid is the parent of the browser's processes.
  browserPid = Number(
    readdirSync('/proc').find((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
        return ppid === String(process.pid) && readFileSync(`/proc/${e}/cmdline`, 'utf8').includes('chromium');
      } catch {
        return false;
      }
    }) ?? 0,
  );
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, serviceWorkers: 'block' });
    await context.addCookies([{ name: 'kith_session', value: BENCH_USERS.main.token, url: server.url }]);
    if (commits) await context.addInitScript(countReactCommits);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Performance.enable');
    const kept = page.getByTestId('local-search-status').filter({ hasText: 'contacts kept here' });
    if (flag('build') || !flag('keys')) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await profiled(cdp, 'first build on an empty device, CPU 4× slower', async () => {
        await page.goto(`${server.url}/settings`);
        await kept.waitFor({ timeout: 600_000 });
        console.log(`build: page start to kept ${Math.round(await page.evaluate(() => performance.now()))} ms`);
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    } else {
      await page.goto(`${server.url}/settings`);
      await kept.waitFor({ timeout: 600_000 });
    }
    if (flag('keys') || !flag('build')) {
      await page.route(/_data=/, () => {});
      await page.goto(`${server.url}/contacts`);
      await page.waitForFunction(() => document.querySelector('[data-rows-for]') !== null);
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill('ma');
      await page.evaluate(rowsPaintedFor, 'ma');
      const keys = QUERIES.length * runs * 2;
      if (commits) await takeReactCommits(page);
      if (flag('trace'))
        await browser.startTracing(page, {
          categories: flag('trace-js') ? [...TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : TRACE_CATEGORIES,
        });
      const full = await profiled(
        cdp,
        `typing ${QUERIES.length} queries × ${runs} (each: fill, then one key)`,
        () => typeQueries(page, runs),
        {
          per: keys,
        },
      );
      if (flag('trace')) {
        const split = splitOfTrace(JSON.parse((await browser.stopTracing()).toString('utf8')));
        console.log(`main thread per key, keydown to painted rows (ms, ${split?.keys} keys): wall ${JSON.stringify(split?.perKey)}`);
        console.log(`  thread CPU ${JSON.stringify(split?.cpuPerKey)}`);
        console.log(`  thread CPU by trace event ${JSON.stringify(split?.cpuPerKeyByEvent)}`);
        if (split?.scriptPerKeyByFrame) printScriptInKeys(split.scriptPerKeyByFrame);
      }
      console.log(`keystroke to painted rows: ${JSON.stringify(full)}`);
      if (commits) printCommits(await takeReactCommits(page), keys);
      if (flag('slow')) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const slowed = await profiled(cdp, 'the same, CPU 4× slower', () => typeQueries(page, runs), { per: keys });
        console.log(`keystroke to painted rows at 4×: ${JSON.stringify(slowed)}`);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
