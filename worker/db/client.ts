import { drizzle } from 'drizzle-orm/d1';

export type Db = ReturnType<typeof createDb>;

// No `schema` option: Kith never uses drizzle's relational `db.query` API, and with a
// schema drizzle rebuilds its relation map on every call, which is once per request.
export function createDb(d1: D1Database) {
  return drizzle(d1);
}
