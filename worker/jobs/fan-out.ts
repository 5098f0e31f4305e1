import type { Db } from '../db/client';
import { everyUserDatabase } from '../db/stores';
import { depsForUser, type Deps, type ServerDeps } from '../domain/deps';
import type { JobMessage } from './messages';

/** Users per step: one sendBatch (Queues take at most 100 messages per batch). */
export const FAN_OUT_PAGE = 100;

type WithCursor<M> = M extends unknown ? ('after' extends keyof M ? M : never) : never;
/** The job types a cron starts without a user and that fan out one job per user. */
export type FanOutType = WithCursor<JobMessage>['type'];

/** The next `limit` ids, ascending, after `after` ('' for the first page), of the users whose data is on `database`. */
export type UserPage = (db: Db, after: string, limit: number, database: string) => Promise<string[]>;

/**
 * One step of a cron-wide job: a job for each user of the next page, then a message that
 * continues after the last of them. Each invocation reads one page and sends two batches,
 * however many users there are; the queue carries the rest. With users on several databases
 * the first step starts one such walk per database (docs/decisions/015).
 */
async function fanOutStep(
  server: ServerDeps,
  type: FanOutType,
  cursor: { after?: string; database?: string },
  nextUsers: UserPage,
): Promise<void> {
  const databases = everyUserDatabase(server.env, server.timer);
  if (!cursor.database && databases.length > 1) {
    await server.jobs.sendBatch(databases.map(({ database }) => ({ body: { type, database } })));
    return;
  }
  const on = databases.find((d) => d.database === (cursor.database ?? databases[0]!.database));
  if (!on) throw new Error(`Fan-out of ${type}: ${cursor.database} is not in USER_DATABASES`);
  const ids = await nextUsers(on.db, cursor.after ?? '', FAN_OUT_PAGE, on.database);
  if (ids.length) await server.jobs.sendBatch(ids.map((user_id) => ({ body: { type, user_id } })));
  if (ids.length === FAN_OUT_PAGE)
    await server.jobs.send({ type, after: ids[ids.length - 1]!, ...(cursor.database ? { database: cursor.database } : {}) });
}

/**
 * The handler of a cron-wide job: without a user (the cron, or the step before) one step of
 * the fan-out over `users`; with one, `run` for that user on their store.
 */
export function perUserJob<T extends FanOutType>(type: T, users: UserPage, run: (deps: Deps, userId: string) => Promise<unknown>) {
  return async (server: ServerDeps, job: { type: T; user_id?: string; after?: string; database?: string }): Promise<void> => {
    if (job.user_id) await run(await depsForUser(server, job.user_id), job.user_id);
    else await fanOutStep(server, type, job, users);
  };
}
