// A D1Database over node:sqlite, for engine-floor.ts: the app's own domain functions run
// against the bench's SQLite file with no Worker, no D1 simulation and no HTTP in between.
// Every statement is recorded with its time, so a slow call can be taken apart.
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

export interface Executed {
  sql: string;
  params: SQLInputValue[];
  ms: number;
}

const toSqlite = (v: unknown): SQLInputValue => (typeof v === 'boolean' ? Number(v) : v === undefined ? null : (v as SQLInputValue));

/** Read-only unless `writable`: then each batch runs in one transaction, as D1 runs it. */
export function sqliteD1(file: string, { writable = false } = {}): { d1: D1Database; executed: Executed[]; db: DatabaseSync } {
  const db = new DatabaseSync(file, { readOnly: !writable });
  const executed: Executed[] = [];
  const meta = { duration: 0, rows_read: 0, rows_written: 0, changes: 0, last_row_id: 0, changed_db: false, size_after: 0 };

  function statement(sql: string, params: SQLInputValue[] = []) {
    const run = <T>(read: (s: ReturnType<DatabaseSync['prepare']>) => T): T => {
      const start = performance.now();
      const result = read(db.prepare(sql));
      executed.push({ sql, params, ms: performance.now() - start });
      return result;
    };
    const all = () => run((s) => s.all(...params)) as Record<string, unknown>[];
    return {
      bind: (...values: unknown[]) => statement(sql, values.map(toSqlite)),
      all: async () => ({ results: all(), success: true, meta }),
      run: async () => ({ results: all(), success: true, meta }),
      first: async (column?: string) => {
        const row = all()[0] ?? null;
        return column === undefined || row === null ? row : (row[column] ?? null);
      },
      raw: async (options?: { columnNames?: boolean }) => {
        const rows = run((s) => {
          s.setReturnArrays(true);
          return s.all(...params) as unknown as unknown[][];
        });
        if (!options?.columnNames) return rows;
        const names = db
          .prepare(sql)
          .columns()
          .map((c) => c.name);
        return [names, ...rows];
      },
    };
  }

  const d1 = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: ReturnType<typeof statement>[]) => {
      if (!writable) return Promise.all(statements.map((s) => s.all()));
      db.exec('BEGIN');
      try {
        const results = await Promise.all(statements.map((s) => s.all()));
        const start = performance.now();
        db.exec('COMMIT');
        executed.push({ sql: 'COMMIT', params: [], ms: performance.now() - start });
        return results;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
  return { d1: d1 as unknown as D1Database, executed, db };
}
