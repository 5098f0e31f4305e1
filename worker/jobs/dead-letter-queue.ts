import { depsFromEnv, type ServerDeps } from '../domain/deps';
import { recordDeadLetter } from '../domain/dead-letters/dead-letters';
import type { Env } from '../env';
import { jobMessageSchema, type JobMessage } from './messages';

/** wrangler.toml: the `dead_letter_queue` of the kith-jobs consumer, which has its own consumer. */
export const DEAD_LETTER_QUEUE = 'kith-jobs-dlq';

/** wrangler.toml `max_retries = 5`: the sixth delivery is the last before the dead-letter queue. */
export const LAST_DELIVERY = 6;

/**
 * Called by the main consumer whenever a job fails. On the last delivery it records why, since
 * the dead-letter queue receives only the body. A failure to record must not hide the job's own
 * failure, so it is logged and swallowed.
 */
export async function noteJobFailure(deps: ServerDeps, job: JobMessage, message: Message<unknown>, reason: string): Promise<void> {
  if (message.attempts < LAST_DELIVERY) return;
  try {
    await recordDeadLetter(deps, job, reason, message.attempts);
  } catch (error) {
    console.error(`Could not record the failure of job ${job.type}`, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The dead-letter queue's consumer: every message lands in `dead_letters`, shown in Settings.
 * When the main consumer already recorded the error (the usual case) the row keeps it; a
 * message that got here without passing through it (the isolate died on its last try) is
 * recorded with a generic reason.
 */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps = depsFromEnv(env);
  for (const message of batch.messages) {
    const parsed = jobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error('Dropping a malformed dead letter', message.id);
      message.ack();
      continue;
    }
    try {
      await recordDeadLetter(deps, parsed.data, `Gave up after ${LAST_DELIVERY} attempts`, LAST_DELIVERY, { keepError: true });
      message.ack();
    } catch (error) {
      console.error('Could not record a dead letter; will retry', error instanceof Error ? error.message : String(error));
      message.retry({ delaySeconds: 60 });
    }
  }
}
