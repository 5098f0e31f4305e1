// `npx vite-node bench/import-profile.ts -- <sqlite file> [rows]`
// The write side of the located import (bench/workloads.mjs) in node:sqlite, with no Worker and
// no D1 simulation: its rows are read by the app's own rowToRecord, planned chunk by chunk by
// planContactUpserts and written one transaction per chunk, as runImport does. Prints the time
// of each kind of statement over the whole import, triggers included, so what an imported
// contact costs can be taken apart. It writes to the file: pass a copy of a bench database.
import type { ColumnMapping } from '../worker/domain/imports/column-mapping';
import { CHUNK_ROWS } from '../worker/domain/imports/run-import';
import { rowToRecord } from '../worker/domain/imports/row-to-record';
import { planContactUpserts } from '../worker/domain/contacts/upsert-contacts';
import type { Deps } from '../worker/domain/deps';
import { BENCH_USERS, benchLocations } from './generate.mjs';
import { sqliteD1 } from './sqlite-d1';
import { LOCATED_MAPPING, locatedRows } from './workloads.mjs';

const [file, rowsArg] = process.argv.slice(2).filter((a: string) => a !== '--');
if (!file) throw new Error('usage: import-profile.ts <sqlite file> [rows]');
const rows = locatedRows(Number(rowsArg ?? 30_000), benchLocations());
const headers = Object.keys(LOCATED_MAPPING);
const { d1, executed } = sqliteD1(file, { writable: true });
const deps = { store: { d1 } } as unknown as Deps;

const start = performance.now();
for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
  const results = await Promise.all(
    rows.slice(at, at + CHUNK_ROWS).map((cells) => rowToRecord(headers, LOCATED_MAPPING as ColumnMapping, cells)),
  );
  const records = results.flatMap((r) => (r.status === 'record' ? [r.record] : []));
  const plan = await planContactUpserts(deps, BENCH_USERS.main.id, records, 'csv');
  await d1.batch(plan.statements);
}
const total = performance.now() - start;

// Statements by their first words (the table they write or read), slowest first.
const byKind = new Map<string, { ms: number; n: number }>();
for (const { sql, ms } of executed) {
  const kind = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
  const k = byKind.get(kind) ?? { ms: 0, n: 0 };
  byKind.set(kind, { ms: k.ms + ms, n: k.n + 1 });
}
console.log(`${rows.length} rows in ${(total / 1000).toFixed(2)} s (${(total / rows.length).toFixed(3)} ms a row)`);
for (const [kind, { ms, n }] of [...byKind].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${(ms / 1000).toFixed(2).padStart(7)} s  ${String(n).padStart(4)} x  ${kind}`);
// vite-node can keep the process open after the script (as engine-floor.ts found).
process.exit(0);
