// The import row a Google Contacts sync reports on (GET /imports/{id} shows its progress), and
// where a redelivered sync job resumes: the statements the sync writes on it.

/** Where a sync stands after a saved chunk: its page, how many of that page's people are in, how many came before. */
export interface ResumePoint {
  syncToken: string | null;
  pageToken: string | undefined;
  done: number;
  seen: number;
}

/** A new sync's import row, queued. */
export async function createSyncImport(d1: D1Database, importId: string, userId: string, now: string): Promise<void> {
  await d1
    .prepare(
      "INSERT INTO imports (id, user_id, kind, status, source, created_at, updated_at) VALUES (?1, ?2, 'google', 'queued', 'google', ?3, ?3)",
    )
    .bind(importId, userId, now)
    .run();
}

/** The sync's status and where it resumes, or null when the user has no such import. */
export async function findSyncImport(
  d1: D1Database,
  importId: string,
  userId: string,
): Promise<{ status: string; resume: ResumePoint | null } | null> {
  const row = await d1
    .prepare('SELECT status, resume FROM imports WHERE id = ?1 AND user_id = ?2')
    .bind(importId, userId)
    .first<{ status: string; resume: string | null }>();
  return row && { status: row.status, resume: row.resume ? (JSON.parse(row.resume) as ResumePoint) : null };
}

export async function markSyncRunning(d1: D1Database, importId: string, now: string): Promise<void> {
  await d1.prepare("UPDATE imports SET status = 'running', updated_at = ?2 WHERE id = ?1").bind(importId, now).run();
}

/** Done: nothing left to resume. */
export async function markSyncDone(d1: D1Database, importId: string, now: string): Promise<void> {
  await d1.prepare("UPDATE imports SET status = 'done', resume = NULL, updated_at = ?2 WHERE id = ?1").bind(importId, now).run();
}

/** Failed, with the reason as the import's one error (row 0: no row of a file). */
export async function markSyncFailed(d1: D1Database, importId: string, now: string, message: string): Promise<void> {
  await d1
    .prepare(
      "UPDATE imports SET status = 'failed', updated_at = ?2, errors = json_array(json_object('row', 0, 'message', ?3)) WHERE id = ?1",
    )
    .bind(importId, now, message)
    .run();
}

/** Adds a page's people to the total (once per page) and records the point after a saved chunk, in the chunk's batch. */
export function chunkSaved(d1: D1Database, importId: string, addTotal: number, at: ResumePoint): D1PreparedStatement {
  return d1.prepare('UPDATE imports SET total = total + ?2, resume = ?3 WHERE id = ?1').bind(importId, addTotal, JSON.stringify(at));
}
