import { backupRestoredIds } from '../../db/schema';
import { jsonInsert } from '../contacts/json-row-queries';

// The statements of a restore: its import row (progress, as a file import's), the ids a backup's
// records were given here (migrations/0045), and the settings it brings.

/** A new restore, queued: an import with source 'backup' whose staged rows are the file's record lines. */
export function newRestoreStatement(
  d1: D1Database,
  input: { id: string; userId: string; total: number; fileName: string | null; now: string },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO imports (id, user_id, kind, status, total, source, file_name, mapping, created_at, updated_at)
        VALUES (?1, ?2, 'file', 'queued', ?3, 'backup', ?4, '{}', ?5, ?5)`,
    )
    .bind(input.id, input.userId, input.total, input.fileName, input.now);
}

/** Removes a restore that never started (its file was refused while staging): its rows and itself. */
export function dropRestoreStatements(d1: D1Database, importId: string, userId: string): D1PreparedStatement[] {
  return [
    d1.prepare('DELETE FROM import_rows WHERE import_id = ?1').bind(importId),
    d1.prepare("DELETE FROM imports WHERE id = ?1 AND user_id = ?2 AND source = 'backup'").bind(importId, userId),
  ];
}

/** The ids this account gave these records of a backup before ([section, source id] pairs), on the primary key. */
export async function restoredIds(
  d1: D1Database,
  userId: string,
  keys: [string, string][],
): Promise<{ kind: string; source_id: string; new_id: string }[]> {
  if (keys.length === 0) return [];
  const { results } = await d1
    .prepare(
      `SELECT b.kind, b.source_id, b.new_id FROM json_each(?2) j
        JOIN backup_restored_ids b ON b.user_id = ?1 AND b.kind = j.value ->> 0 AND b.source_id = j.value ->> 1`,
    )
    .bind(userId, JSON.stringify(keys))
    .all<{ kind: string; source_id: string; new_id: string }>();
  return results;
}

/** Records the ids given to a chunk's records, in the chunk's own batch. */
export function recordRestoredIdsStatement(d1: D1Database, rows: (typeof backupRestoredIds.$inferInsert)[]): D1PreparedStatement {
  return jsonInsert(d1, backupRestoredIds, rows, 'ignore');
}

/** The user's organizations among these folded names (a restore into an account that has them joins them). */
export async function organizationsNamed(
  d1: D1Database,
  userId: string,
  nameNorms: string[],
): Promise<{ id: string; name_norm: string }[]> {
  if (nameNorms.length === 0) return [];
  const { results } = await d1
    .prepare('SELECT id, name_norm FROM organizations WHERE user_id = ?1 AND name_norm IN (SELECT value FROM json_each(?2))')
    .bind(userId, JSON.stringify(nameNorms))
    .all<{ id: string; name_norm: string }>();
  return results;
}

/** The settings a backup brings: each priority's default cadence, the weekly digest and Telegram's tagging. */
export function restoredSettingsStatements(
  d1: D1Database,
  userId: string,
  settings: {
    weeklyDigest: boolean;
    cadences: { priority: string; every: number; unit: string }[];
    telegram: { tag_second_tier: boolean } | null;
    now: string;
  },
): D1PreparedStatement[] {
  const statements = [
    d1
      .prepare(
        `INSERT INTO keep_in_touch_settings (user_id, weekly_digest) VALUES (?1, ?2)
          ON CONFLICT (user_id) DO UPDATE SET weekly_digest = excluded.weekly_digest`,
      )
      .bind(userId, settings.weeklyDigest ? 1 : 0),
    ...settings.cadences.map((c) =>
      d1
        .prepare(
          `INSERT INTO cadence_defaults (user_id, priority, every, unit) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (user_id, priority) DO UPDATE SET every = excluded.every, unit = excluded.unit`,
        )
        .bind(userId, c.priority, c.every, c.unit),
    ),
  ];
  if (settings.telegram)
    statements.push(
      d1
        .prepare(
          `INSERT INTO telegram_settings (user_id, tag_second_tier, updated_at) VALUES (?1, ?2, ?3)
            ON CONFLICT (user_id) DO UPDATE SET tag_second_tier = excluded.tag_second_tier, updated_at = excluded.updated_at
            WHERE tag_second_tier IS NOT excluded.tag_second_tier`,
        )
        .bind(userId, settings.telegram.tag_second_tier ? 1 : 0, settings.now),
    );
  return statements;
}
