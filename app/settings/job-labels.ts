/** Background job types in the user's words. */
const LABELS: Record<string, string> = {
  geocode_contact: "Placing a contact's location on the map",
  backfill_all_contacts: 'Queueing waiting contacts for the map',
  sync_contact: "Syncing a contact's messages",
  refresh_relationships: 'Refreshing scores and follow-ups',
  run_import: 'Importing a file',
  sync_google_contacts: 'Syncing Google Contacts',
  sync_telegram: 'Syncing Telegram',
};

export function jobLabel(type: string): string {
  return LABELS[type] ?? type;
}
