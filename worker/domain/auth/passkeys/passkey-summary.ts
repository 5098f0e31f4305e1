import type { PasskeyRow } from '../../../db/schema';

/** A passkey as Settings and the API show it: never its key or credential id. */
export interface PasskeySummary {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced by its password manager to the user's other devices. */
  backed_up: boolean;
}

export const toPasskeySummary = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt,
  last_used_at: row.lastUsedAt,
  backed_up: row.backedUp,
});
