import { describe, expect, it } from 'vitest';
import { syncedDrivers } from '../../worker/domain/channels/drivers';
import type { Env } from '../../worker/env';
import { JOB_HANDLERS } from '../../worker/jobs/job-handlers';
import { jobMessageSchema, type JobMessage } from '../../worker/jobs/messages';
import { CHANNEL_SYNC_CRON, runScheduled } from '../../worker/jobs/scheduled';
import { recordingQueue } from '../support/recording-queue';

const MONDAY = Date.UTC(2024, 0, 1);

/** What a cron sends, read from a queue that only records it. */
async function cronSends(cron: string, scheduledTime = Date.now()): Promise<JobMessage[]> {
  const { sent, queue } = recordingQueue<JobMessage>();
  await runScheduled({ cron, scheduledTime, noRetry() {} }, { JOBS: queue } as unknown as Env);
  return sent;
}

describe('the job registry', () => {
  it('gives every message type of the queue exactly one handler, and no handler to anything else', () => {
    const types = jobMessageSchema.options.map((option) => option.shape.type.value);
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(JOB_HANDLERS).sort()).toEqual([...types].sort());
  });

  it('every message a cron sends is a job with a handler that starts its own fan-out (no user)', async () => {
    const sent = [...(await cronSends(CHANNEL_SYNC_CRON)), ...(await cronSends('0 3 * * *', MONDAY))];
    expect(sent.map((m) => m.type)).toContain('send_weekly_digest');
    for (const message of sent) {
      expect(jobMessageSchema.safeParse(message).success).toBe(true);
      expect(JOB_HANDLERS[message.type]).toBeTypeOf('function');
      expect('user_id' in message).toBe(false);
    }
  });

  it('the quarter-hour cron starts the sync of every channel Kith syncs', async () => {
    const sent = (await cronSends(CHANNEL_SYNC_CRON)).map((m) => m.type);
    expect(syncedDrivers.length).toBeGreaterThan(0);
    for (const { sync } of syncedDrivers) expect(sent).toContain(sync.job);
  });
});
