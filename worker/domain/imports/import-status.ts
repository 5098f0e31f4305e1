import type { Db } from '../../db/client';
import { notFound } from '../errors';
import { findImport } from './import-queries';

export interface ImportError {
  row: number;
  message: string;
}

/** A row that was imported, with a value Kith did not take as given (issue 19). */
export interface ImportWarning {
  row: number;
  field: string;
  value: string;
  message: string;
}

/** Progress of an import as GET /imports/{id} answers it. */
export interface ImportView {
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
  /** Company cards of a vCard, imported as organizations rather than contacts. */
  organizations: number;
  errors: ImportError[];
  /** Rows imported with warnings (exact), and the warnings themselves (up to MAX_REPORTED_WARNINGS, import-queries.ts). */
  warned: number;
  warnings: ImportWarning[];
  created_at: string;
  updated_at: string;
}

export async function getImport(db: Db, userId: string, id: string): Promise<ImportView> {
  const row = await findImport(db, userId, id);
  if (!row) throw notFound('Import');
  return {
    id: row.id,
    source: row.source,
    file_name: row.fileName,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    organizations: row.organizations,
    errors: JSON.parse(row.errors) as ImportError[],
    warned: row.warned,
    warnings: JSON.parse(row.warnings) as ImportWarning[],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
