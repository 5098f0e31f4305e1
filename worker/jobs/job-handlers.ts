import { depsForUser, type Deps, type ServerDeps } from '../domain/deps';
import { handleBackfillAllContacts } from './handlers/backfill-all-contacts';
import { deliverWebhookJob } from './handlers/deliver-webhook';
import { handleGeocodeContact } from './handlers/geocode-contact';
import { handleGeocodeContacts } from './handlers/geocode-contacts';
import { purgeInteractionsJob } from './handlers/purge-interactions';
import { refreshRelationships } from './handlers/refresh-relationships';
import { runImportJob } from './handlers/run-import';
import { runMonicaImportJob } from './handlers/run-monica-import';
import { sendSecurityAlertJob } from './handlers/send-security-alert';
import { scanWebhookEventsJob } from './handlers/scan-webhook-events';
import { sendPasswordResetJob } from './handlers/send-password-reset';
import { sendWeeklyDigestJob } from './handlers/send-weekly-digest';
import { sweepAuditContentsJob } from './handlers/sweep-audit-contents';
import { sweepContactChangesJob } from './handlers/sweep-contact-changes';
import { sweepIdempotencyKeysJob } from './handlers/sweep-idempotency-keys';
import { sweepRateLimitsJob } from './handlers/sweep-rate-limits';
import { syncContact } from './handlers/sync-contact';
import { syncGmailJob } from './handlers/sync-gmail';
import { syncGoogleContactsJob } from './handlers/sync-google-contacts';
import { syncTelegramJob } from './handlers/sync-telegram';
import { syncXJob } from './handlers/sync-x';
import type { JobMessage, JobType } from './messages';
import { sendPushRemindersJob } from './handlers/send-push-reminders';
import { findLifeEventsJob } from './handlers/find-life-events';
import { contactsArrivedJob } from './handlers/contacts-arrived';

type Run<D, J extends JobMessage> = (deps: D, job: J, message: Message<unknown>, batch: MessageBatch<unknown>) => Promise<void>;
export type JobHandler<T extends JobType> = Run<ServerDeps, Extract<JobMessage, { type: T }>>;

/** A job that always names its user runs on that user's store (docs/decisions/015). */
const forUser =
  <J extends Extract<JobMessage, { user_id: string }>>(handler: Run<Deps, J>): Run<ServerDeps, J> =>
  async (server, job, message, batch) =>
    handler(await depsForUser(server, job.user_id), job, message, batch);

/**
 * Every message type of the jobs queue and its one handler. Cron-wide jobs (perUserJob) fan
 * out, or with a user_id take that user's store themselves.
 */
export const JOB_HANDLERS: { [T in JobType]: JobHandler<T> } = {
  geocode_contact: forUser(handleGeocodeContact),
  geocode_contacts: forUser(handleGeocodeContacts),
  sync_contact: forUser(syncContact),
  run_import: forUser(runImportJob),
  sync_google_contacts: forUser(syncGoogleContactsJob),
  run_monica_import: forUser(runMonicaImportJob),
  backfill_all_contacts: handleBackfillAllContacts,
  refresh_relationships: refreshRelationships,
  sync_gmail: syncGmailJob,
  sync_x: syncXJob,
  sync_telegram: syncTelegramJob,
  purge_interactions: purgeInteractionsJob,
  send_weekly_digest: sendWeeklyDigestJob,
  sweep_rate_limits: sweepRateLimitsJob,
  sweep_contact_changes: sweepContactChangesJob,
  sweep_audit_contents: sweepAuditContentsJob,
  sweep_idempotency_keys: sweepIdempotencyKeysJob,
  send_password_reset: sendPasswordResetJob,
  send_security_alert: forUser(sendSecurityAlertJob),
  deliver_webhook: forUser(deliverWebhookJob),
  scan_webhook_events: scanWebhookEventsJob,
  send_push_reminders: sendPushRemindersJob,
  find_life_events: forUser(findLifeEventsJob),
  contacts_arrived: forUser(contactsArrivedJob),
};

export function runJob(server: ServerDeps, job: JobMessage, message: Message<unknown>, batch: MessageBatch<unknown>): Promise<void> {
  return (JOB_HANDLERS[job.type] as JobHandler<JobType>)(server, job as never, message, batch);
}
