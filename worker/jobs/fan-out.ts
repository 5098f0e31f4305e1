import type { Db } from '../db/client';
import type { Deps } from '../domain/deps';
import type { JobMessage } from './messages';

/** Users per step: one sendBatch (Queues take at most 100 messages per batch). */
export const FAN_OUT_PAGE = 100;

type WithCursor<M> = M extends unknown ? ('after' extends keyof M ? M : never) : never;
/** The job types a cron starts without a user and that fan out one job per user. */
export type FanOutType = WithCursor<JobMessage>['type'];

/** The next `limit` user ids, ascending, after `after` ('' for the first page). */
export type UserPage = (db: Db, after: string, limit: number) => Promise<string[]>;

/**
 * One step of a cron-wide job: a job for each user of the next page, then a message that
 * continues after the last of them. Each invocation reads one page and sends two batches,
 * however many users there are; the queue carries the rest.
 */
export async function fanOutStep(deps: Deps, type: FanOutType, after: string | undefined, nextUsers: UserPage): Promise<void> {
  const ids = await nextUsers(deps.db, after ?? '', FAN_OUT_PAGE);
  if (ids.length) await deps.jobs.sendBatch(ids.map((user_id) => ({ body: { type, user_id } })));
  if (ids.length === FAN_OUT_PAGE) await deps.jobs.send({ type, after: ids[ids.length - 1]! });
}
