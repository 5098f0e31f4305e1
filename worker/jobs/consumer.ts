import { depsForUser, depsFromEnv, type Deps, type ServerDeps } from '../domain/deps';
import type { Env } from '../env';
import { refreshRelationships } from './handlers/refresh-relationships';
import { syncContact } from './handlers/sync-contact';
import { runImportJob } from './handlers/run-import';
import { syncGoogleContactsJob } from './handlers/sync-google-contacts';
import { syncGmailJob } from './handlers/sync-gmail';
import { syncXJob } from './handlers/sync-x';
import { syncTelegramJob } from './handlers/sync-telegram';
import { handleBackfillAllContacts } from './handlers/backfill-all-contacts';
import { handleGeocodeContact } from './handlers/geocode-contact';
import { handleGeocodeContacts } from './handlers/geocode-contacts';
import { purgeInteractionsJob } from './handlers/purge-interactions';
import { sendWeeklyDigestJob } from './handlers/send-weekly-digest';
import { sweepRateLimitsJob } from './handlers/sweep-rate-limits';
import { jobMessageSchema, type JobMessage } from './messages';
import { RetryLater } from './retry-later';
import { noteJobFailure } from './dead-letter-queue';
import { cappedRetryDelay } from './retry-delay';
import { withJobCost, type InvocationCost } from './job-cost';

type Handler<T extends JobMessage['type'], D> = (deps: D, job: Extract<JobMessage, { type: T }>, message: Message<unknown>, batch: MessageBatch<unknown>) => Promise<void>;

/** Jobs that always name their user: they run on that user's store (docs/decisions/015). */
type UserJob = Extract<JobMessage, { user_id: string }>;
const userHandlers: { [T in UserJob['type']]: Handler<T, Deps> } = {
  geocode_contact: handleGeocodeContact,
  geocode_contacts: handleGeocodeContacts,
  sync_contact: syncContact,
  run_import: runImportJob,
  sync_google_contacts: syncGoogleContactsJob,
};

/** Cron-wide jobs: they fan out, or with a user_id take that user's store themselves. */
const serverHandlers: { [T in Exclude<JobMessage, UserJob>['type']]: Handler<T, ServerDeps> } = {
  backfill_all_contacts: handleBackfillAllContacts,
  refresh_relationships: refreshRelationships,
  sync_gmail: syncGmailJob,
  sync_x: syncXJob,
  sync_telegram: syncTelegramJob,
  purge_interactions: purgeInteractionsJob,
  send_weekly_digest: sendWeeklyDigestJob,
  sweep_rate_limits: sweepRateLimitsJob,
};

function runJob(server: ServerDeps, job: JobMessage, message: Message<unknown>, batch: MessageBatch<unknown>): Promise<void> {
  if (job.type in userHandlers) {
    const mine = job as UserJob;
    return depsForUser(server, mine.user_id).then((deps) => (userHandlers[mine.type] as Handler<UserJob['type'], Deps>)(deps, mine as never, message, batch));
  }
  const cronWide = job as Exclude<JobMessage, UserJob>;
  return (serverHandlers[cronWide.type] as Handler<typeof cronWide.type, ServerDeps>)(server, cronWide as never, message, batch);
}

/**
 * The queue entry point: validates each message, runs its handler, acks or retries it. A batch
 * of 25 jobs shares one invocation's D1 queries (1 000 on Workers Paid), and some jobs make a
 * hundred (a Telegram sync of many groups): once the invocation has made
 * JOB_BATCH_QUERY_BUDGET, the messages not yet started go back to the queue as new messages
 * (so their attempts are not spent), and a later invocation runs them.
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
      const reason = error instanceof Error ? error.message : String(error);
      await noteJobFailure(deps, job, message, reason);
      if (error instanceof RetryLater) {
        message.retry({ delaySeconds: cappedRetryDelay(deps.settings, error.delaySeconds) });
        continue;
      }
      console.error(`Job ${job.type} failed; will retry`, reason);
      message.retry({ delaySeconds: cappedRetryDelay(deps.settings, Math.min(60 * 2 ** Math.max(0, message.attempts - 1), 3600)) });
    }
  }
}

/** Sends the messages to the queue again, as new messages, and acks them here. */
async function handOver(deps: ServerDeps, messages: readonly Message<unknown>[]): Promise<void> {
  await deps.jobs.sendBatch(messages.map((m) => ({ body: m.body as JobMessage })));
  for (const m of messages) m.ack();
}
