// `npx vite-node bench/list-matrix.ts -- <sqlite file> [filter …]` (every filter below, or the named ones)
// Every list filter beside every sort, through the app's own listContacts in node:sqlite on the
// bench's database: the bench's figures take one filter with the default sort, and a filter
// the planner serves from a sort's index (walking it row by row) hides there.
import { createDb } from '../worker/db/client';
import { contactListParamsSchema, toContactListQuery } from '../worker/domain/search/contact-list-params';
import { CONTACT_SORTS } from '../worker/domain/search/contact-sorts';
import { listContacts } from '../worker/domain/search/list-contacts';
import { BENCH_USERS } from './generate.mjs';
import { summarise } from './measure.mjs';
import { sqliteD1 } from './sqlite-d1';

const FILTERS: [string, Record<string, string>][] = [
  ['none', {}],
  ['tag', { tag: 'investor' }],
  ['rare tag', { tag: 'bench-rare' }],
  ['source', { source: 'linkedin' }],
  ['score high', { score_min: '9' }],
  ['score low', { score_max: '1' }],
  ['score range', { score_min: '4', score_max: '6' }],
  ['priority high', { priority: 'high' }],
  ['archived', { priority: 'archived' }],
  ['due today', { due_by: '2026-11-26' }],
  ['place', { place: 'berlin' }],
  ['search', { q: 'lovelace' }],
  ['combined', { tag: 'founder', source: 'csv', score_min: '2', priority: 'medium' }],
];

async function main() {
  const [file, ...only] = process.argv.slice(2).filter((a: string) => !a.startsWith('-'));
  if (!file) throw new Error('usage: list-matrix.ts <sqlite file>');
  const { d1 } = sqliteD1(file);
  const db = createDb(d1);
  const rows: string[] = [];
  for (const [name, filter] of FILTERS.filter(([name]) => only.length === 0 || only.includes(name))) {
    const cells: string[] = [];
    for (const sort of CONTACT_SORTS) {
      const query = toContactListQuery(contactListParamsSchema.parse({ ...filter, sort }));
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await listContacts(db, BENCH_USERS.main.id, query, { page: 1, pageSize: 50 });
        times.push(performance.now() - start);
      }
      cells.push(String(Math.round(summarise(times).median)));
    }
    rows.push(`| ${name} | ${cells.join(' | ')} |`);
    console.log(rows.at(-1));
  }
  console.log(`\n| filter | ${CONTACT_SORTS.join(' | ')} |\n| --- |${CONTACT_SORTS.map(() => ' --- |').join('')}\n${rows.join('\n')}`);
}

await main();
