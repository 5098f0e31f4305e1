/**
 * Accumulates what one request or job asks of D1: time waiting (reported as Server-Timing),
 * statements, and the rows D1 reports reading and writing (what it bills). Named parts of a
 * page (its loader's reads, the render) are timed here too, so the header says where a slow
 * page spends its time.
 */
export class DbTimer {
  ms = 0;
  queries = 0;
  /** Calls to D1 (a batch is one): the round trips a request waits on, when none overlap. */
  calls = 0;
  rowsRead = 0;
  rowsWritten = 0;
  readonly parts: { name: string; ms: number }[] = [];

  async part<T>(name: string, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.parts.push({ name, ms: performance.now() - start });
    }
  }

  async measure<T>(count: number, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const result = await run();
      for (const one of Array.isArray(result) ? result : [result]) this.count(one);
      return result;
    } finally {
      this.ms += performance.now() - start;
      this.queries += count;
      this.calls++;
    }
  }

  private count(result: unknown): void {
    const meta = (result as Partial<D1Result> | null)?.meta;
    if (!meta) return;
    this.rowsRead += meta.rows_read ?? 0;
    this.rowsWritten += meta.rows_written ?? 0;
  }
}

const REAL = Symbol('real statement');
type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement };

// raw() answers without meta; a write run through all() instead reports the rows it wrote.
const WRITE = /^\s*(insert|update|delete|replace)\b/i;

function wrapStatement(statement: D1PreparedStatement, query: string, timer: DbTimer): Wrapped {
  const wrapped = {
    [REAL]: statement,
    bind: (...values: unknown[]) => wrapStatement(statement.bind(...values), query, timer),
    first: (column?: string) => timer.measure(1, () => (column === undefined ? statement.first() : statement.first(column))),
    all: () => timer.measure(1, () => statement.all()),
    run: () => timer.measure(1, () => statement.run()),
    raw: (options?: { columnNames?: boolean }) => {
      if (WRITE.test(query) && !options?.columnNames) {
        return timer.measure(1, () => statement.all()).then((result) => result.results.map((row) => Object.values(row as object)));
      }
      return timer.measure(1, () => statement.raw(options as { columnNames: true }));
    },
  };
  return wrapped as unknown as Wrapped;
}

/** A D1Database that reports to `timer`; everything else passes straight through. */
export function timedD1(db: D1Database, timer: DbTimer): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return (query: string) => wrapStatement(target.prepare(query), query, timer);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) =>
          timer.measure(statements.length, () => target.batch(statements.map((s) => (s as Wrapped)[REAL] ?? s)));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Time in the Worker and waiting on D1, each named part, then what the answer cost D1 by count:
 * the calls it waited on, the statements they held and the rows D1 read for them (ADR 046, 059).
 * Counts do not move with the machine's load, so tests and the bench compare them.
 */
export function serverTiming(totalMs: number, timer: DbTimer): string {
  const parts = timer.parts.map(({ name, ms }) => `, ${name};dur=${ms.toFixed(1)}`).join('');
  const cost = `d1-calls;desc="${timer.calls}", d1-statements;desc="${timer.queries}", d1-rows-read;desc="${timer.rowsRead}"`;
  return `total;dur=${totalMs.toFixed(1)}, db;dur=${timer.ms.toFixed(1)};desc="${timer.queries} queries"${parts}, ${cost}`;
}

/** Runs `run` as a named part of the request's Server-Timing when the request is timed. */
export function timedPart<T>(timer: DbTimer | undefined, name: string, run: () => Promise<T>): Promise<T> {
  return timer ? timer.part(name, run) : run();
}
