import { env } from 'cloudflare:workers';
import { BACKUP_TABLES } from '../../worker/domain/backup/backup-tables';
import type { Session } from './client';
import { userD1 } from './stores';

// An account as a backup must carry it: every row of every table the backup keeps
// (worker/domain/backup/backup-tables.ts), without the columns it leaves behind, sorted.
// A restored account's ids are read back as the backup's (backup_restored_ids), so two
// accounts compare field by field with their ids aside.

type Row = Record<string, unknown>;
const REFERENCES = ['id', 'contact_id', 'company_id', 'other_id', 'contact_a', 'contact_b', 'interaction_id'];
// A contact's dates and kept card lines are restored with the contact, each under an id of its own.
const UNMAPPED: Record<string, string[]> = { contact_dates: ['id'], dav_kept_properties: ['id'], contact_field_sources: ['id'] };

export async function accountSnapshot(me: Session, restoredFrom = false): Promise<Record<string, Row[]>> {
  const db = await userD1(me);
  const directory = (env as unknown as { DB: D1Database }).DB;
  const back = new Map<string, string>();
  if (restoredFrom) {
    const { results } = await db
      .prepare("SELECT source_id, new_id FROM backup_restored_ids WHERE user_id = ?1 AND new_id <> ''")
      .bind(me.user.id)
      .all<{ source_id: string; new_id: string }>();
    for (const r of results) back.set(r.new_id, r.source_id.replace(/:.*$/, ''));
  }
  const snapshot: Record<string, Row[]> = {};
  for (const [table, rule] of Object.entries(BACKUP_TABLES)) {
    if (rule.rule !== 'kept') continue;
    const from = table === 'users' ? directory : db;
    const { results } = await from
      .prepare(`SELECT * FROM "${table}" WHERE ${table === 'users' ? 'id' : 'user_id'} = ?1`)
      .bind(me.user.id)
      .all<Row>();
    snapshot[table] = results
      .map((row) => {
        const kept: Row = {};
        for (const [column, value] of Object.entries(row)) {
          if (column in rule.notInFile || UNMAPPED[table]?.includes(column)) continue;
          kept[column] = REFERENCES.includes(column) && typeof value === 'string' ? (back.get(value) ?? value) : value;
        }
        // A company's source names its value by the organization's id, which the restore gives anew.
        if (table === 'contact_field_sources' && kept.field === 'company') delete kept.value_key;
        if (table === 'duplicate_dismissals') [kept.contact_a, kept.contact_b] = [kept.contact_a, kept.contact_b].sort();
        return kept;
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return snapshot;
}
