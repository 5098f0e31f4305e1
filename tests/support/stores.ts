import { env } from 'cloudflare:workers';
import { storeFor } from '../../worker/db/stores';
import { depsForUser, depsFromEnv, type Deps } from '../../worker/domain/deps';
import type { Env } from '../../worker/env';

type Who = string | { user: { id: string } };
const idOf = (who: Who) => (typeof who === 'string' ? who : who.user.id);

/** What a request or job of this user gets: their store on the database the directory names. */
export function userDeps(who: Who, testEnv: Env = env as unknown as Env): Promise<Deps> {
  return depsForUser(depsFromEnv(testEnv), idOf(who));
}

/** The D1 database that holds this user's rows, for tests that look at them directly. */
export async function userD1(who: Who): Promise<D1Database> {
  return (await storeFor(env as unknown as Env, idOf(who))).d1;
}
