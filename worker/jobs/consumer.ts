import { depsFromEnv, type ServerDeps } from '../domain/deps';
import type { Env } from '../env';
import { runJob } from './job-handlers';
import { withJobCost, type InvocationCost } from './job-cost';
import { jobMessageSchema, type JobMessage } from './messages';
import { retryFailedJob } from './retry';

/**
 * The queue entry point: validates each message, runs its handler (JOB_HANDLERS), acks it or
 * hands it to the retry runner. A batch of 25 jobs shares one invocation's D1 queries (1 000
 * on Workers Paid), and some jobs make a hundred (a Telegram sync of many groups): once the
 * invocation has made JOB_BATCH_QUERY_BUDGET, the messages not yet started go back to the
 * queue as new messages (so their attempts are not spent), and a later invocation runs them.
 */
export async function consumeJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps = depsFromEnv(env);
  const invocation: InvocationCost = { queries: 0 };
  for (const [index, message] of batch.messages.entries()) {
    if (invocation.queries >= deps.settings.JOB_BATCH_QUERY_BUDGET) {
      await handOver(deps, batch.messages.slice(index));
      return;
    }
    const parsed = jobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error('Dropping malformed job message', message.id);
      message.ack();
      continue;
    }
    const job = parsed.data;
    try {
      await withJobCost(deps, job, (counted) => runJob(counted, job, message, batch), invocation);
      message.ack();
    } catch (error) {
      await retryFailedJob(deps, job, message, error);
    }
  }
}

/** Sends the messages to the queue again, as new messages, and acks them here. */
async function handOver(deps: ServerDeps, messages: readonly Message<unknown>[]): Promise<void> {
  await deps.jobs.sendBatch(messages.map((m) => ({ body: m.body as JobMessage })));
  for (const m of messages) m.ack();
}
