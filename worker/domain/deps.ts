import { createDb, type Db } from '../db/client';
import { timedD1, type DbTimer } from '../db/timed-d1';
import { getSettings, type Env, type Settings } from '../env';
import type { JobMessage } from '../jobs/messages';

/** What domain functions need from the outside world; built once per request or batch. */
export interface Deps {
  db: Db;
  jobs: Queue<JobMessage>;
  settings: Settings;
  env: Env;
  /** Set for a page request: its D1 time and named parts go into Server-Timing. */
  timer?: DbTimer;
}

/** With a timer, every D1 call is measured (for the Server-Timing header). */
export function depsFromEnv(env: Env, timer?: DbTimer): Deps {
  return { db: createDb(timer ? timedD1(env.DB, timer) : env.DB), jobs: env.JOBS, settings: getSettings(env), env, timer };
}
