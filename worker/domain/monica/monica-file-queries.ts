import type { ContactFileRow } from '../../db/schema';

// The writes of a Monica import's photos and documents (contact_files, migrations/0075).

/** Which of these source keys the user's files already carry (a re-import skips them before fetching a byte). */
export async function knownFileKeys(d1: D1Database, userId: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const { results } = await d1
    .prepare('SELECT source_key FROM contact_files WHERE user_id = ?1 AND source_key IN (SELECT value FROM json_each(?2))')
    .bind(userId, JSON.stringify(keys))
    .all<{ source_key: string }>();
  return new Set(results.map((r) => r.source_key));
}

/** The page's files in one statement (one JSON parameter); a file of the same source key stays as it was. */
export function insertImportedFilesStatement(d1: D1Database, rows: ContactFileRow[]): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO contact_files (id, user_id, contact_id, kind, file_name, content_type, byte_size, r2_key, source, source_key, created_at)
       SELECT value ->> '$.id', value ->> '$.userId', value ->> '$.contactId', value ->> '$.kind', value ->> '$.fileName',
         value ->> '$.contentType', value ->> '$.byteSize', value ->> '$.r2Key', value ->> '$.source', value ->> '$.sourceKey', value ->> '$.createdAt'
       FROM json_each(?1)`,
    )
    .bind(JSON.stringify(rows));
}
