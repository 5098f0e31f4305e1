/** Accumulates time spent waiting on D1 during one request (reported as Server-Timing). */
export class DbTimer {
  ms = 0;
  queries = 0;

  async measure<T>(count: number, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.ms += performance.now() - start;
      this.queries += count;
    }
  }
}

const REAL = Symbol('real statement');
type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement };

function wrapStatement(statement: D1PreparedStatement, timer: DbTimer): Wrapped {
  const wrapped = {
    [REAL]: statement,
    bind: (...values: unknown[]) => wrapStatement(statement.bind(...values), timer),
    first: (column?: string) => timer.measure(1, () => (column === undefined ? statement.first() : statement.first(column))),
    all: () => timer.measure(1, () => statement.all()),
    run: () => timer.measure(1, () => statement.run()),
    raw: (options?: { columnNames?: boolean }) => timer.measure(1, () => statement.raw(options as { columnNames: true })),
  };
  return wrapped as unknown as Wrapped;
}

/** A D1Database that reports its time to `timer`; everything else passes straight through. */
export function timedD1(db: D1Database, timer: DbTimer): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return (query: string) => wrapStatement(target.prepare(query), timer);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) =>
          timer.measure(statements.length, () => target.batch(statements.map((s) => (s as Wrapped)[REAL] ?? s)));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function serverTiming(totalMs: number, timer: DbTimer): string {
  return `total;dur=${totalMs.toFixed(1)}, db;dur=${timer.ms.toFixed(1)};desc="${timer.queries} queries"`;
}
