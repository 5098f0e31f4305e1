import { createDb, type Db } from '../db/client';
import { getSettings, type Env, type Settings } from '../env';
import type { JobMessage } from '../jobs/messages';

/** What domain functions need from the outside world; built once per request or batch. */
export interface Deps {
  db: Db;
  jobs: Queue<JobMessage>;
  settings: Settings;
  env: Env;
}

export function depsFromEnv(env: Env): Deps {
  return { db: createDb(env.DB), jobs: env.JOBS, settings: getSettings(env), env };
}
