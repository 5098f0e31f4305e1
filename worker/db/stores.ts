import { getSettings, type Env } from '../env';
import { createDb, type Db } from './client';
import { timedD1, type DbTimer } from './timed-d1';

/**
 * The storage seam (docs/decisions/015). Global data (users, sessions, tokens, rate limits,
 * the geocoding cache, the gazetteer, the user -> database directory) lives in the directory,
 * the DB binding. A user's own data lives in one of the databases USER_DATABASES names; every
 * other module reaches a database only through `directoryOf` or `storeFor`.
 */
export const DIRECTORY_DATABASE = 'DB';

export interface Directory {
  db: Db;
  /** The same database for raw statements (batches mixing builders and SQL). */
  d1: D1Database;
}

/** One user's database: every table with a user_id, read and written for that user only. */
export interface UserStore {
  userId: string;
  /** The binding name of the database ('DB' or one of USER_DATABASES). */
  database: string;
  db: Db;
  d1: D1Database;
}

function measured(d1: D1Database, timer: DbTimer | undefined): D1Database {
  return timer ? timedD1(d1, timer) : d1;
}

/** The D1 binding `name`, which must be one of USER_DATABASES. In a request, DB is its session. */
export function databaseNamed(env: Env, name: string): D1Database {
  const binding = env[name] as D1Database | undefined;
  if (!getSettings(env).USER_DATABASES.includes(name) || typeof binding?.prepare !== 'function') {
    throw new Error(`User database ${name} is not in USER_DATABASES or not a D1 binding of this Worker`);
  }
  return binding;
}

export function directoryOf(env: Env, timer?: DbTimer): Directory {
  const d1 = measured(env.DB, timer);
  return { db: createDb(d1), d1 };
}

/** The store of `userId` on a known database (sign-up, fan-outs that page one database). */
export function storeOn(env: Env, database: string, userId: string, timer?: DbTimer): UserStore {
  const d1 = measured(databaseNamed(env, database), timer);
  return { userId, database, db: createDb(d1), d1 };
}

/** Which database holds `userId`'s data: DB unless the directory says otherwise. */
export async function databaseOf(env: Env, userId: string): Promise<string> {
  if (getSettings(env).USER_DATABASES.length === 1) return DIRECTORY_DATABASE;
  const row = await env.DB.prepare('SELECT database FROM user_databases WHERE user_id = ?1').bind(userId).first<{ database: string }>();
  return assignedDatabase(env, row?.database ?? null);
}

/** The database of a user whose user_databases row (or none) was read with other things (a sign-in's batch). */
export function assignedDatabase(env: Env, assigned: string | null): string {
  return getSettings(env).USER_DATABASES.length === 1 ? DIRECTORY_DATABASE : (assigned ?? DIRECTORY_DATABASE);
}

/** The one way to a user's data: the store on the database the directory assigns them. */
export async function storeFor(env: Env, userId: string, timer?: DbTimer): Promise<UserStore> {
  return storeOn(env, await databaseOf(env, userId), userId, timer);
}

/** FNV-1a: a stable spread of random ids over a few databases. */
function spread(id: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % buckets;
}

/** The database a new user's data goes to: NEW_USER_DATABASES (or USER_DATABASES), by a hash of the id. */
export function databaseForNewUser(env: Env, userId: string): string {
  const settings = getSettings(env);
  const choices = (settings.NEW_USER_DATABASES ?? settings.USER_DATABASES).filter((name) => settings.USER_DATABASES.includes(name));
  return choices.length ? choices[spread(userId, choices.length)]! : DIRECTORY_DATABASE;
}

/** Every user database, for a lookup by a secret that names no user (a BCC address, a feed token). */
export function everyUserDatabase(env: Env, timer?: DbTimer): { database: string; db: Db }[] {
  return getSettings(env).USER_DATABASES.map((database) => ({ database, db: createDb(measured(databaseNamed(env, database), timer)) }));
}
