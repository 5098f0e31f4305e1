import type { JobType } from '../../worker/jobs/messages';

/** Background job types in the user's words; a new job type must say what it is here. */
const LABELS: Record<JobType, string> = {
  geocode_contact: "Placing a contact's location on the map",
  geocode_contacts: 'Placing imported contacts on the map',
  backfill_all_contacts: 'Queueing waiting contacts for the map',
  sync_contact: "Syncing a contact's messages",
  refresh_relationships: 'Refreshing scores and follow-ups',
  run_import: 'Importing a file',
  sync_google_contacts: 'Syncing Google Contacts',
  run_monica_import: 'Moving in from Monica',
  sync_gmail: 'Syncing Gmail and Calendar',
  sync_x: 'Syncing X messages',
  sync_telegram: 'Syncing Telegram',
  purge_interactions: "Clearing deleted contacts' timelines",
  send_weekly_digest: 'Sending the weekly digest',
  sweep_rate_limits: 'Clearing old request counters',
  sweep_contact_changes: "Clearing deleted contacts' change records",
  send_password_reset: 'Emailing a password-reset link',
  sweep_audit_contents: 'Clearing the contents of old deletes and merges from the activity log',
  sweep_idempotency_keys: 'Forgetting the keys of writes sent more than 30 days ago',
  send_security_alert: 'Emailing a security notice about your account',
  deliver_webhook: 'Sending a webhook delivery',
  scan_webhook_events: 'Finding events for your webhooks',
  send_push_reminders: 'Reminders to your devices',
  find_life_events: 'Reading new messages for life events',
  contacts_arrived: 'Merging and scoring contacts that just arrived',
};

export function jobLabel(type: string): string {
  return LABELS[type as JobType] ?? type;
}
