import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { DbTimer, timedD1 } from '../../worker/db/timed-d1';
import type { Env } from '../../worker/env';
import type { JobMessage } from '../../worker/jobs/messages';
import { deliverJobs } from '../geocoding/support';
import { recordingQueue } from './recording-queue';

export interface Step {
  queries: number;
  sent: JobMessage[];
}

/** Delivers `start` to the real queue handler, then each continuation it sends, one invocation each, as the queue would. */
export async function runFanOut(start: JobMessage): Promise<Step[]> {
  const steps: Step[] = [];
  let next: JobMessage | undefined = start;
  while (next) {
    const timer = new DbTimer();
    const { sent, queue: JOBS } = recordingQueue<JobMessage>();
    const delivery = await deliverJobs([next], { target: { ...(env as unknown as Env), DB: timedD1((env as unknown as Env).DB, timer), JOBS } as unknown as Env });
    expect(delivery.acked).toEqual(delivery.messageIds);
    steps.push({ queries: timer.queries, sent });
    next = sent.find((m) => !('user_id' in m && m.user_id));
    if (steps.length > 10_000) throw new Error('the fan-out does not end');
  }
  return steps;
}

/** The user ids the steps sent a per-user job for, in order. */
export const userJobs = (steps: Step[]) => steps.flatMap((s) => s.sent.flatMap((m) => ('user_id' in m && m.user_id ? [m.user_id] : [])));
