// `npx vite-node bench/local-index.ts [-- --contacts=50000]`
// The browser's local search index (ADR 040) at the bench's size, in Node's V8 (Chromium's
// engine) on this machine: the build from rows, the search of the bench's queries (the engine's
// part of keystroke-to-rows: no IndexedDB read, no React paint), the rows' JSON size (what
// IndexedDB stores, before its own overhead) (the heap is not measured yet).
import { COMPANIES, FIRST_NAMES, LAST_NAMES, TAGS, TITLES, CITIES } from '../scripts/seed-data.mjs';
import { prng } from '../scripts/prng.mjs';
import { foldText } from '../worker/domain/folding';
import { LocalSearchIndex } from '../worker/domain/search/local/local-search-index';
import type { SearchRow } from '../worker/domain/search/local/search-row';
import { summarise } from './measure.mjs';

const contacts = Number(process.argv.find((a: string) => a.startsWith('--contacts='))?.split('=')[1] ?? 50_000);
const random = prng(49);
const one = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function rows(): SearchRow[] {
  return Array.from({ length: contacts }, (_, i) => {
    const name = `${one(FIRST_NAMES)} ${one(LAST_NAMES)}`;
    const handle = `${foldText(name).replace(/[^a-z0-9]+/g, '_')}${i}`;
    const company = random() < 0.7 ? String(one(COMPANIES)) : null;
    return {
      id: i.toString(36).padStart(8, '0'),
      full_name: name,
      name_sort: foldText(name),
      company,
      company_name: company,
      company_id: company ? `org${company}` : null,
      title: random() < 0.6 ? String(one(TITLES)) : null,
      handles: random() < 0.4 ? handle : null,
      emails: random() < 0.8 ? [`${handle}@example.com`] : [],
      places: random() < 0.5 ? String(one(CITIES)) : null,
      tags: TAGS.filter(() => random() < 0.05).map(String),
      priority: one(['high', 'medium', 'medium', 'low', 'archived'] as const),
      relationship_score: Math.round(random() * 100) / 10,
      next_due: random() < 0.5 ? `2026-12-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null,
      created_at: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
      last_interaction_at: null,
      connected_on: null,
    };
  });
}

const data = rows();
const bytes = Buffer.byteLength(JSON.stringify(data));
const builtAt = performance.now();
const index = new LocalSearchIndex(data);
index.search('warm up');
const buildMs = performance.now() - builtAt;

const QUERIES = ['m', 'mar', 'lovelace', 'quantum', 'lovelase', 'maria garcia', 'investor', '@mar'];
const results: Record<string, unknown> = {};
for (const q of QUERIES) {
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < 30; run++) {
    const at = performance.now();
    total = index.search(q, '-score', 50)?.total ?? 0;
    times.push(performance.now() - at);
  }
  results[q] = { ...summarise(times.slice(5)), matches: total };
}
console.log(JSON.stringify({ contacts, rowsJsonMb: Math.round(bytes / 1e5) / 10, buildMs: Math.round(buildMs), search: results }, null, 2));
