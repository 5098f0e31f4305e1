import { env } from 'cloudflare:workers';
import { DbTimer } from '../../worker/db/timed-d1';
import { depsFromEnv, type Deps } from '../../worker/domain/deps';
import type { Env } from '../../worker/env';

/** Deps whose every D1 statement is counted (queries, rows D1 reports writing), on the real database. */
export function countedDeps(overrides: Partial<Deps> = {}): { deps: Deps; count: DbTimer } {
  const count = new DbTimer();
  return { deps: { ...depsFromEnv(env as unknown as Env, count), ...overrides }, count };
}
