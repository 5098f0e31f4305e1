import { describe, expect, it } from 'vitest';

// docs/decisions/015: code reaches a database only through worker/db/stores.ts, the directory
// (deps.directory) or a user's store (deps.db, deps.store). A module that read env.DB itself
// would read the directory's copy of a user's data, which on a shard is not where it lives;
// worker/index.ts (which opens the request's D1 session) and worker/db are the only readers.

const sources = {
  ...import.meta.glob<string>('../../worker/{domain,api,jobs,email,providers}/**/*.{ts,tsx}', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>('../../app/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
};

/** env.DB, env?.DB, env.DB_SHARD_2, env['DB'], and `const { DB } = env`. */
const READS_A_DATABASE_BINDING = [/\benv\s*\??\.\s*DB\w*\b/, /\benv\s*\[\s*['"`]DB/, /\{[^}]*\bDB\w*\b[^}]*\}\s*=\s*[\w.?]*\benv\b/];

describe('no domain module, route, loader or job reads a D1 binding from env', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).filter((path) => path.includes('/worker/domain/')).length).toBeGreaterThan(100);
    expect(Object.keys(sources).filter((path) => path.includes('/app/')).length).toBeGreaterThan(50);
  });

  it('none of them names env.DB', () => {
    const readers = Object.entries(sources).flatMap(([path, text]) =>
      text
        .split('\n')
        .flatMap((line, i) =>
          READS_A_DATABASE_BINDING.some((pattern) => pattern.test(line)) ? [`${path.replace('../../', '')}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(readers).toEqual([]);
  });
});
