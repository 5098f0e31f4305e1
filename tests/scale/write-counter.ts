import { env } from 'cloudflare:workers';
import { DbTimer } from '../../worker/db/timed-d1';
import { depsForUser, depsFromEnv, type Deps } from '../../worker/domain/deps';
import type { Env } from '../../worker/env';

/** A user's deps whose every D1 statement is counted (queries, rows D1 reports writing), on the real database. */
export async function countedDeps(who: { user: { id: string } }, overrides: Partial<Deps> = {}): Promise<{ deps: Deps; count: DbTimer }> {
  const count = new DbTimer();
  return { deps: { ...(await depsForUser(depsFromEnv(env as unknown as Env, count), who.user.id)), ...overrides }, count };
}
