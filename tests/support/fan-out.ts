import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { DbTimer, timedD1 } from '../../worker/db/timed-d1';
import { getSettings, type Env } from '../../worker/env';
import type { JobMessage } from '../../worker/jobs/messages';
import { deliverJobs } from '../geocoding/support';
import { recordingQueue } from './recording-queue';

export interface Step {
  queries: number;
  sent: JobMessage[];
}

/**
 * Delivers `start` to the real queue handler, then each continuation it sends (a message
 * without a user: the next page, or with users on several databases one walk per database),
 * one invocation each, as the queue would. Queries are counted on every user database.
 */
export async function runFanOut(start: JobMessage): Promise<Step[]> {
  const testEnv = env as unknown as Env;
  const steps: Step[] = [];
  const pending: JobMessage[] = [start];
  for (let next = pending.shift(); next; next = pending.shift()) {
    const timer = new DbTimer();
    const { sent, queue: JOBS } = recordingQueue<JobMessage>();
    const databases = Object.fromEntries(
      getSettings(testEnv).USER_DATABASES.map((name) => [name, timedD1(testEnv[name] as D1Database, timer)]),
    );
    const delivery = await deliverJobs([next], { target: { ...testEnv, ...databases, JOBS } as unknown as Env });
    expect(delivery.acked).toEqual(delivery.messageIds);
    steps.push({ queries: timer.queries, sent });
    pending.push(...sent.filter((m) => !('user_id' in m && m.user_id)));
    if (steps.length > 10_000) throw new Error('the fan-out does not end');
  }
  return steps;
}

/** The user ids the steps sent a per-user job for, in order. */
export const userJobs = (steps: Step[]) => steps.flatMap((s) => s.sent.flatMap((m) => ('user_id' in m && m.user_id ? [m.user_id] : [])));
