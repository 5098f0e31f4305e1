// The user's imports, newest first, by keyset (created_at, id) on imports_user.

export interface PastImportRow {
  id: string;
  source: string;
  file_name: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  warned: number;
  organizations: number;
  report: string;
  /** The import's own failure ("row 0" of its errors), when it stopped. */
  stopped_because: string | null;
  created_at: string;
  updated_at: string;
}

/** One page (limit + 1 rows, to know if there is more) before the keyset `before` when given. */
export async function pastImportsPage(
  d1: D1Database,
  userId: string,
  before: [string, string] | null,
  limit: number,
): Promise<PastImportRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT id, source, file_name, status, total, processed, created, updated, skipped, failed, warned, organizations, report,
          (SELECT json_extract(e.value, '$.message') FROM json_each(imports.errors) e WHERE json_extract(e.value, '$.row') = 0 LIMIT 1) AS stopped_because,
          created_at, updated_at
        FROM imports
        WHERE user_id = ?1 AND (?2 IS NULL OR created_at < ?2 OR (created_at = ?2 AND id < ?3))
        ORDER BY created_at DESC, id DESC LIMIT ?4`,
    )
    .bind(userId, before?.[0] ?? null, before?.[1] ?? null, limit + 1)
    .all<PastImportRow>();
  return results;
}
