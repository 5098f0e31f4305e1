import { describe, expect, it } from 'vitest';

// DESIGN "One Worker": routes and loaders parse input, call the domain and shape output. The
// queries live in worker/domain (and worker/db), so no API route or app module holds SQL: no
// raw statement, no sql`` template, no drizzle query builder. Each file is read whole, so a chain
// that names the database on one line and calls `.select(` on the next is found too.

const sources = {
  ...import.meta.glob<string>('../../worker/api/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../app/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
};

// A typed template (sql<number>`...`) is a sql`` template too.
const SQL_TEMPLATE = /\bsql\s*(<[^>`]*>)?\s*`/;
const HOLDS_SQL = [
  /\.\s*prepare\s*\(/,
  SQL_TEMPLATE,
  /from\s+['"]drizzle-orm(\/[\w-]+)?['"]/,
  /\b(db|d1|tx|\$client)\s*\.\s*(select|selectDistinct|insert|update|delete|prepare|batch|all|get|run|exec)\s*\(/,
];

/** Where in `text` any of `patterns` matches, over line breaks: `file:line: the line` (or the match, when it spans lines). */
function sqlIn(path: string, text: string, patterns: RegExp[]): string[] {
  const file = path.replace('../../', '');
  const lines = text.split('\n');
  const found = patterns.flatMap((pattern) =>
    [...text.matchAll(new RegExp(pattern.source, 'g'))].map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      const what = match[0].includes('\n') ? match[0].replace(/\s+/g, ' ') : lines[line - 1]!.trim();
      return { line, report: `${file}:${line}: ${what}` };
    }),
  );
  return [...new Map(found.sort((a, b) => a.line - b.line).map(({ line, report }) => [line, report])).values()];
}

describe('routes and pages hold no SQL', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).filter((path) => path.includes('/worker/api/routes/')).length).toBeGreaterThan(20);
  });

  it('none of them queries the database itself', () => {
    const holders = Object.entries(sources).flatMap(([path, text]) => sqlIn(path, text, HOLDS_SQL));
    expect(holders).toEqual([]);
  });
});

// Issue #27: in worker/domain and worker/jobs the SQL lives in named query modules (*-queries.ts,
// or worker/db), beside the logic that uses it, so each statement has a name that says what it
// is. A domain function may still run what a query module built (`d1.batch(statements)`), and
// import drizzle's types. New areas are held to the rule from their first file.

const domainSources = {
  ...import.meta.glob<string>('../../worker/domain/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../worker/jobs/**/*.ts', { query: '?raw', import: 'default', eager: true }),
};

const WRITES_SQL = [
  /\.\s*prepare\s*\(/,
  SQL_TEMPLATE,
  /\b(db|d1|tx|\$client)\s*\.\s*(select|selectDistinct|insert|update|delete|prepare|all|get|run|exec)\s*\(/,
];
// drizzle's query builder and operators (a type import is no query), over lines if need be.
const IMPORTS_DRIZZLE = /^import\s+(?!type\b)[^;]*?from\s+['"]drizzle-orm(\/[\w-]+)?['"]/m;

// Areas whose SQL has not moved into query modules yet: none since issue #27 item 3. Should one be
// listed again, a listed area that holds no SQL any more fails below, so the list only shrinks.
const NOT_YET_MOVED: string[] = [];

const areaOf = (path: string) => /\/worker\/domain\/([^/]+)\//.exec(path)?.[1] ?? null;
const isQueryModule = (path: string) => path.endsWith('-queries.ts');

function linesWritingSql(path: string, text: string): string[] {
  const lines = sqlIn(path, text, WRITES_SQL);
  return IMPORTS_DRIZZLE.test(text) ? [`${path.replace('../../', '')}: imports drizzle-orm`, ...lines] : lines;
}

describe('domain code keeps its SQL in query modules', () => {
  it('finds the sources, and the query modules of imports and geocoding', () => {
    const paths = Object.keys(domainSources);
    expect(paths.filter((path) => path.includes('/worker/jobs/handlers/')).length).toBeGreaterThan(10);
    expect(paths.filter((path) => isQueryModule(path) && ['imports', 'geocoding'].includes(areaOf(path)!)).length).toBeGreaterThanOrEqual(
      5,
    );
  });

  it('no other file of a moved area, nor a job, writes SQL', () => {
    const holders = Object.entries(domainSources)
      .filter(([path]) => !isQueryModule(path) && !NOT_YET_MOVED.includes(areaOf(path) ?? ''))
      .flatMap(([path, text]) => linesWritingSql(path, text));
    expect(holders).toEqual([]);
  });

  it('every area listed as not yet moved still holds SQL outside its query modules', () => {
    const holding = new Set(
      Object.entries(domainSources).flatMap(([path, text]) =>
        !isQueryModule(path) && linesWritingSql(path, text).length ? [areaOf(path)] : [],
      ),
    );
    expect(NOT_YET_MOVED.filter((area) => !holding.has(area))).toEqual([]);
  });
});
