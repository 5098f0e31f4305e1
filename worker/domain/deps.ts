import type { Db } from '../db/client';
import { directoryOf, everyUserDatabase, storeFor, storeOn, type Directory, type UserStore } from '../db/stores';
import type { DbTimer } from '../db/timed-d1';
import { getSettings, type Env, type Settings } from '../env';
import type { JobMessage } from '../jobs/messages';
import { limitedStore } from './auth/contact-limit';
import type { Caller } from './auth/scopes';
import type { ValueSource } from './sources/source-kinds';

/**
 * What code needs before a user is known (sign-in, public links, cron-wide jobs): the
 * directory of global data, the queue and the settings. Built once per request or batch.
 */
export interface ServerDeps {
  directory: Directory;
  jobs: Queue<JobMessage>;
  settings: Settings;
  env: Env;
  /** Measures every D1 call and named part of the request (Server-Timing) or job (LOG_JOB_COST). */
  timer?: DbTimer;
}

/** What domain functions need for one user: the above plus that user's store (docs/decisions/015). */
export interface Deps extends ServerDeps {
  store: UserStore;
  /** The user's database (store.db): every table with a user_id. */
  db: Db;
  /** Who writes, when not the user at a form or the API (an agent through MCP): the source its values record (ADR 032, 038). */
  writer?: ValueSource;
}

export function depsFromEnv(env: Env, timer?: DbTimer): ServerDeps {
  return { directory: directoryOf(env, timer), jobs: env.JOBS, settings: getSettings(env), env, timer };
}

/** The deps of `userId`: their store on the database the directory assigns them. */
export async function depsForUser(server: ServerDeps, userId: string): Promise<Deps> {
  const store = await storeFor(server.env, userId, server.timer);
  return { ...server, store, db: store.db };
}

/** The deps of `userId` whose database is known (read in the same round trip as the user). */
export function depsOnDatabase(server: ServerDeps, database: string, userId: string): Deps {
  const store = storeOn(server.env, database, userId, server.timer);
  return { ...server, store, db: store.db };
}

/** The deps of an API caller: a token limited to some contacts reads its user's store through a limited handle (ADR 035). */
export async function depsForCaller(server: ServerDeps, userId: string, caller: Caller): Promise<Deps> {
  const store = limitedStore(await storeFor(server.env, userId, server.timer), caller.contactLimit ?? null);
  return { ...server, store, db: store.db };
}

/**
 * Asks every user database with `find` (for a secret that names no user: a BCC address, a
 * calendar feed's token) and gives each user's rows with that user's deps. A row is kept only
 * from the user's own database, never from a copy a move left behind (docs/decisions/015).
 */
export async function findInUserDatabases<T extends { userId: string }>(
  server: ServerDeps,
  find: (db: Db) => Promise<T[]>,
): Promise<{ deps: Deps; rows: T[] }[]> {
  const found = new Map<string, { deps: Deps; rows: T[] }>();
  for (const { database, db } of everyUserDatabase(server.env, server.timer)) {
    for (const row of await find(db)) {
      const mine = found.get(row.userId) ?? { deps: await depsForUser(server, row.userId), rows: [] };
      if (mine.deps.store.database !== database) continue;
      mine.rows.push(row);
      found.set(row.userId, mine);
    }
  }
  return [...found.values()];
}
