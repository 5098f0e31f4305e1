/** What the Gmail channel's `sync_cursor` holds (JSON). */
export interface GmailSyncCursor {
  /** Gmail's history id after the last complete mail sync; absent before the first. */
  historyId?: string;
  /** Calendar events starting before this instant are logged already. */
  calendarSyncedUntil?: string;
}

export function readCursor(text: string | null | undefined): GmailSyncCursor {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as GmailSyncCursor;
    return typeof value === 'object' && value ? value : {};
  } catch {
    return {};
  }
}
