// Prints the bench table and keeps bench/README.md's "Latest results" section current.
import { readFileSync, writeFileSync } from 'node:fs';

function row(r) {
  const verdict = r.budget === undefined ? '' : r.pass ? 'PASS' : 'MISS';
  const extra = r.naive !== undefined ? `naive ${r.naive}${r.unit === 'ms' ? ' ms' : ''} (×${r.ratio})` : (r.note ?? '');
  return `| ${r.name} | ${r.median ?? ''} | ${r.p95 ?? ''} | ${r.worst ?? ''} | ${r.unit} | ${r.budget ?? ''} | ${verdict} | ${extra} |`;
}

export function tableMarkdown(report) {
  return [
    `Ran ${report.ran_at} on ${report.machine}. Dataset: ${JSON.stringify(report.dataset)}.`,
    '',
    '| figure | median | p95 | worst | unit | budget | | notes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.results.map(row),
  ].join('\n');
}

export function printTable(report) {
  console.log(`\n${tableMarkdown(report)}\n`);
  const misses = report.results.filter((r) => r.budget !== undefined && !r.pass);
  console.log(misses.length ? `${misses.length} MISS: ${misses.map((m) => m.name).join('; ')}` : 'Every budget met.');
}

/** Replaces what README.md holds between `<!-- {block}:start -->` and `<!-- {block}:end -->`. */
export function writeReadmeBlock(block, markdown) {
  const path = 'bench/README.md';
  const text = readFileSync(path, 'utf8');
  const start = `<!-- ${block}:start -->`;
  const end = `<!-- ${block}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < 0) return;
  writeFileSync(path, `${text.slice(0, i + start.length)}\n${markdown}\n${text.slice(j)}`);
}

export function writeReadmeTable(report) {
  writeReadmeBlock('results', tableMarkdown(report));
}
