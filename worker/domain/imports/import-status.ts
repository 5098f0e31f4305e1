import type { Db } from '../../db/client';
import { notFound } from '../errors';
import { findImport } from './import-queries';
import { assertMayReadImports } from './import-limit';
import { monicaReport, type MonicaReportLine } from '../monica/monica-report';
import type { MonicaResume } from '../monica/monica-stages';

const stepOf = (resume: string) => {
  const at = JSON.parse(resume) as MonicaResume;
  return `${at.stage}, page ${at.page}`;
};

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
  /** A Monica import's counts per kind and where each landed (ADR 039); empty for the others. */
  report: MonicaReportLine[];
  /** A running Monica import: the list and page it is on. */
  step: string | null;
  created_at: string;
  updated_at: string;
}

export async function getImport(db: Db, userId: string, id: string): Promise<ImportView> {
  assertMayReadImports(db, 'read an import');
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
    report: monicaReport(JSON.parse(row.report) as Record<string, number>),
    step: row.source === 'monica' && row.resume && row.status !== 'done' ? stepOf(row.resume) : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
