import { describe, expect, it } from 'vitest';

// DESIGN "One Worker": routes and loaders parse input, call the domain and shape output. The
// queries live in worker/domain (and worker/db), so no API route or app module holds SQL: no
// raw statement, no sql`` template, no drizzle query builder.

const sources = {
  ...import.meta.glob<string>('../../worker/api/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../app/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
};

const HOLDS_SQL = [/\.prepare\(/, /\bsql`/, /from ['"]drizzle-orm(\/[\w-]+)?['"]/, /\b(db|d1|\$client)\s*\.\s*(select|selectDistinct|insert|update|delete|prepare|batch|all|get|run|exec)\(/];

describe('routes and pages hold no SQL', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).filter((path) => path.includes('/worker/api/routes/')).length).toBeGreaterThan(20);
  });

  it('none of them queries the database itself', () => {
    const holders = Object.entries(sources).flatMap(([path, text]) =>
      text.split('\n').flatMap((line, i) => (HOLDS_SQL.some((pattern) => pattern.test(line)) ? [`${path.replace('../../', '')}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(holders).toEqual([]);
  });
});
