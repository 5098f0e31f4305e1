import { z } from 'zod';

// Every message on the `jobs` queue. Handlers are idempotent: a redelivered message has
// the effect of one. A cron-wide job (no user_id) walks the users a page at a time; `after`
// is the last user id of the page before (worker/jobs/fan-out.ts), `database` the user database
// it pages when users are spread over several (docs/decisions/015).
const after = z.string().optional();
const database = z.string().max(64).optional();
/** The most contacts one `geocode_contacts` names: an import chunk, ~18 KB of ids (a message may hold 128 KB). */
export const GEOCODE_CONTACTS_MAX = 500;
/** The most contacts one `contacts_arrived` names (an import chunk's worth, as geocoding). */
export const CONTACTS_ARRIVED_MAX = 500;
export const jobMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('geocode_contact'), user_id: z.string(), contact_id: z.string() }),
  // The contacts of an import chunk or a sync page: one job resolves each of their places once.
  z.object({ type: z.literal('geocode_contacts'), user_id: z.string(), contact_ids: z.array(z.string()).min(1).max(GEOCODE_CONTACTS_MAX) }),
  z.object({ type: z.literal('backfill_all_contacts'), user_id: z.string().optional(), after, database }),
  z.object({ type: z.literal('sync_contact'), user_id: z.string(), contact_id: z.string() }),
  // Nightly: scores and follow-up suggestions; without user_id it fans out one job per user.
  z.object({ type: z.literal('refresh_relationships'), user_id: z.string().optional(), after, database }),
  z.object({ type: z.literal('run_import'), user_id: z.string(), import_id: z.string() }),
  z.object({ type: z.literal('sync_google_contacts'), user_id: z.string(), import_id: z.string() }),
  // A Monica import (ADR 039): a page of the instance's lists at a time, resuming from the import row.
  z.object({ type: z.literal('run_monica_import'), user_id: z.string(), import_id: z.string() }),
  // The Email channel (Gmail + Calendar); without user_id (cron) it fans out per connected account.
  z.object({ type: z.literal('sync_gmail'), user_id: z.string().optional(), after, database }),
  // The X channel's DM sync; without user_id (cron) it fans out per connected account.
  z.object({ type: z.literal('sync_x'), user_id: z.string().optional(), after, database }),
  // Telegram (through the gateway); without user_id (cron) it fans out per connected account.
  z.object({ type: z.literal('sync_telegram'), user_id: z.string().optional(), after, database }),
  // The interactions of deleted contacts (ADR 010); without user_id (cron) it fans out per user with any left.
  z.object({ type: z.literal('purge_interactions'), user_id: z.string().optional(), after, database }),
  // Mondays: the weekly digest email; without user_id (cron) it fans out per user who turned it on.
  z.object({ type: z.literal('send_weekly_digest'), user_id: z.string().optional(), after, database }),
  // "Forgot password": every address asked for gets one, so the answer costs the same; the job
  // looks the account up and emails a link only when there is one. The address is sealed
  // (AES-GCM, ENCRYPTION_KEY): no message carries an address or a secret in clear, since a
  // dead letter keeps its body.
  z.object({ type: z.literal('send_password_reset'), email_sealed: z.string().max(512) }),
  // An important security event's email to the account's owner (issue 41 item 7): only ids, so a
  // dead letter keeps no address and no detail.
  z.object({ type: z.literal('send_security_alert'), user_id: z.string().max(64), event_id: z.string().max(64) }),
  // Nightly: stale rate-limit counters; `after_key` is the last key the step before looked at.
  z.object({ type: z.literal('sweep_rate_limits'), after_key: z.string().optional() }),
  // Nightly: tombstones of the change log past their retention (ADR 021); without `database`
  // it starts one sweep per user database.
  z.object({ type: z.literal('sweep_contact_changes'), database }),
  // Nightly: the contents of audit records past the undo and unmerge windows (ADR 026); without
  // `database` it starts one sweep per user database.
  z.object({ type: z.literal('sweep_audit_contents'), database }),
  // Nightly: idempotency keys past their 30 days (ADR 045); without `database` it starts one
  // sweep per user database.
  z.object({ type: z.literal('sweep_idempotency_keys'), database }),
  // One attempt of a webhook delivery (ADR 030); `round` is its attempt number in the current
  // round, so a duplicate message finds the attempt taken and does nothing.
  z.object({ type: z.literal('deliver_webhook'), user_id: z.string(), delivery_id: z.string(), round: z.number().int().min(0).max(50) }),
  // Every minute: contact changes and due reminders become webhook deliveries; without user_id
  // (cron) it fans out per user with an endpoint that has something to hear.
  z.object({ type: z.literal('scan_webhook_events'), user_id: z.string().optional(), after, database }),
  // Every quarter hour: due reminders pushed to the devices of users whose chosen hour it is
  // (ADR 034); without user_id (cron) it fans out per user with a device.
  z.object({ type: z.literal('send_push_reminders'), user_id: z.string().optional(), after, database }),
  // The user's new messages read for life events (ADR 043): sent when messages are logged, and
  // by a run that left more to read. A duplicate finds the messages taken and does nothing.
  z.object({ type: z.literal('find_life_events'), user_id: z.string() }),
  // Contacts an import or a sync wrote: merged by identical email or phone and rescored, off the
  // import's own budget. Idempotent: contacts already merged are simply gone.
  z.object({ type: z.literal('contacts_arrived'), user_id: z.string(), contact_ids: z.array(z.string()).min(1).max(CONTACTS_ARRIVED_MAX) }),
]);

export type JobMessage = z.infer<typeof jobMessageSchema>;
export type JobType = JobMessage['type'];
