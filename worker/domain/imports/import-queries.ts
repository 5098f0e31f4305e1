import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imports } from '../../db/schema';
import type { Tally } from './run-import';

// A file import's row (its status and counts, which GET /imports/{id} reports) and its staged
// rows (import_rows), which the run_import job takes chunk by chunk and deletes as it goes.

/** The import as its run reads it. */
export interface ImportToRun {
  id: string;
  user_id: string;
  status: string;
  source: string;
  mapping: string;
}

/** Errors kept per import (the counts stay exact beyond it); keeps the row under D1's 1 MB. */
export const MAX_REPORTED_ERRORS = 1000;
export const MAX_REPORTED_WARNINGS = 500;

/** A staged row of the file: its number and its cells (CSV) or card (vCard) as JSON. */
export interface StagedRow {
  row_number: number;
  cells: string;
}

/** A new CSV or LinkedIn import, queued, with its headers and column mapping. */
export function newFileImportStatement(
  d1: D1Database,
  input: { id: string; userId: string; total: number; source: string; fileName: string | null; mapping: string; now: string },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO imports (id, user_id, kind, status, total, source, file_name, mapping, created_at, updated_at)
        VALUES (?1, ?2, 'file', 'queued', ?3, ?4, ?5, ?6, ?7, ?7)`,
    )
    .bind(input.id, input.userId, input.total, input.source, input.fileName, input.mapping, input.now);
}

/** A new vCard import, queued. */
export function newVcardImportStatement(
  d1: D1Database,
  input: { id: string; userId: string; total: number; fileName: string | null; now: string },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO imports (id, user_id, kind, status, total, source, file_name, mapping, created_at, updated_at)
        VALUES (?1, ?2, 'file', 'queued', ?3, 'vcard', ?4, '{}', ?5, ?5)`,
    )
    .bind(input.id, input.userId, input.total, input.fileName, input.now);
}

/** Stages rows of the file ([row number, cells]) in one statement: they travel as one JSON parameter. */
export function stageRowsStatement(d1: D1Database, importId: string, rows: [number, string][]): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO import_rows (import_id, row_number, cells)
          SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2)`,
    )
    .bind(importId, JSON.stringify(rows));
}

export async function findImportToRun(d1: D1Database, importId: string, userId: string): Promise<ImportToRun | null> {
  return d1
    .prepare('SELECT id, user_id, status, source, mapping FROM imports WHERE id = ?1 AND user_id = ?2')
    .bind(importId, userId)
    .first<ImportToRun>();
}

/** Running, if it was still queued. */
export async function markImportRunning(d1: D1Database, importId: string, now: string): Promise<void> {
  await d1.prepare("UPDATE imports SET status = 'running', updated_at = ?2 WHERE id = ?1 AND status = 'queued'").bind(importId, now).run();
}

/** The first `limit` rows still staged, in file order. */
export async function nextStagedRows(d1: D1Database, importId: string, limit: number): Promise<StagedRow[]> {
  const { results } = await d1
    .prepare('SELECT row_number, cells FROM import_rows WHERE import_id = ?1 ORDER BY row_number LIMIT ?2')
    .bind(importId, limit)
    .all<StagedRow>();
  return results;
}

export async function markImportDone(d1: D1Database, importId: string, now: string): Promise<void> {
  await d1.prepare("UPDATE imports SET status = 'done', updated_at = ?2 WHERE id = ?1").bind(importId, now).run();
}

/** Removes staged rows once their chunk is written. */
export function deleteStagedRowsStatement(d1: D1Database, importId: string, rowNumbers: number[]): D1PreparedStatement {
  return d1
    .prepare('DELETE FROM import_rows WHERE import_id = ?1 AND row_number IN (SELECT value FROM json_each(?2))')
    .bind(importId, JSON.stringify(rowNumbers));
}

/** Adds a chunk's outcome to the import's counts; errors and warnings are kept up to their caps. */
export function importProgressStatement(d1: D1Database, importId: string, processed: number, t: Tally, now: string): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE imports SET processed = processed + ?2, created = created + ?3, updated = updated + ?4,
        skipped = skipped + ?5, failed = failed + ?6, updated_at = ?7, organizations = organizations + ?9,
        errors = (SELECT json_group_array(json(value)) FROM (
          SELECT value FROM json_each(imports.errors) UNION ALL SELECT value FROM json_each(?8) LIMIT ${MAX_REPORTED_ERRORS})),
        warned = warned + ?10,
        warnings = (SELECT json_group_array(json(value)) FROM (
          SELECT value FROM json_each(imports.warnings) UNION ALL SELECT value FROM json_each(?11) LIMIT ${MAX_REPORTED_WARNINGS}))
      WHERE id = ?1`,
    )
    .bind(
      importId,
      processed,
      t.created,
      t.updated,
      t.skipped,
      t.failed,
      now,
      JSON.stringify(t.errors),
      t.organizations,
      t.warned,
      JSON.stringify(t.warnings),
    );
}

/** Failed, with the reason added to its errors as row 0 (no row of the file). */
export async function markImportFailedWith(d1: D1Database, importId: string, now: string, message: string): Promise<void> {
  await d1
    .prepare(
      `UPDATE imports SET status = 'failed', updated_at = ?2,
        errors = (SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(imports.errors) UNION ALL SELECT json_object('row', 0, 'message', ?3)))
      WHERE id = ?1`,
    )
    .bind(importId, now, message)
    .run();
}

/** The user's import, every column. */
export async function findImport(db: Db, userId: string, id: string) {
  return db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, userId), eq(imports.id, id)))
    .get();
}
