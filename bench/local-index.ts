// `npx vite-node bench/local-index.ts [-- --contacts=50000]`
// The browser's local search index (ADR 040, 047) at the bench's size, in Node's V8 (Chromium's
// engine) on this machine: the build from rows, the ranking of each order, each search of the
// bench's queries in three orders (the engine's part of keystroke-to-rows: no IndexedDB read,
// no React paint; bench/keystroke-local.mjs measures those in Chromium), the first search after
// a change, the rows' JSON size (what IndexedDB stores, before its own overhead) (the tab's
// heap is measured in Chromium). Wall time beside CPU time: the machine is shared.
import { LocalSearchIndex } from '../worker/domain/search/local/local-search-index';
import { benchRows } from './local-index-rows';
import { summarise } from './measure.mjs';

const contacts = Number(process.argv.find((a: string) => a.startsWith('--contacts='))?.split('=')[1] ?? 50_000);
// The machine is shared: the CPU time a search took beside its wall time says what the load added.
const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
const data = benchRows(contacts);
const bytes = Buffer.byteLength(JSON.stringify(data));
const builtAt = performance.now();
const index = new LocalSearchIndex(data);
const buildMs = performance.now() - builtAt;
const preparedAt = performance.now();
index.rankOrder('-score');
const prepareMs = performance.now() - preparedAt;

const QUERIES = ['m', 'a', 'mar', 'lovelace', 'quantum', 'lovelase', 'maria garcia', 'investor', '@mar', 'm a'];
const SORTS = ['-score', 'name', 'next_due'] as const;
const results: Record<string, unknown> = {};
for (const sort of SORTS) {
  const rankedAt = performance.now();
  index.rankOrder(sort);
  results[`rank by ${sort} (ms)`] = Math.round(performance.now() - rankedAt);
  for (const q of QUERIES) {
    const [times, cpu] = [[] as number[], [] as number[]];
    let total = 0;
    for (let run = 0; run < 30; run++) {
      const [at, cpuAt] = [performance.now(), process.cpuUsage()];
      total = index.search(q, sort, 50)?.total ?? 0;
      times.push(performance.now() - at);
      cpu.push(cpuMs(process.cpuUsage(cpuAt)));
    }
    results[`${q} by ${sort}`] = { ...summarise(times.slice(5)), cpu: summarise(cpu.slice(5)).median, matches: total };
  }
}
// One contact changed (what a sync brings), then the next keystroke: the insert into the orders.
const changed = { ...data[123]!, relationship_score: 9.9 };
const afterChange: number[] = [];
for (let run = 0; run < 20; run++) {
  index.put({ ...changed, relationship_score: run / 2 });
  const at = performance.now();
  index.search('m', '-score', 50);
  afterChange.push(performance.now() - at);
}
results['m after one change'] = summarise(afterChange.slice(5));
console.log(
  JSON.stringify(
    {
      contacts,
      rowsJsonMb: Math.round(bytes / 1e5) / 10,
      buildMs: Math.round(buildMs),
      prepareMs: Math.round(prepareMs),
      search: results,
    },
    null,
    2,
  ),
);
// vite-node can keep the process open after the script (as engine-floor.ts found).
process.exit(0);
