import type { UserStore } from '../../db/stores';
import { assertSeesEveryContact } from '../auth/contact-limit';
import { AppError } from '../errors';
import { monicaReport, type MonicaReportLine } from '../monica/monica-report';
import { pastImportsPage, type PastImportRow } from './past-imports-queries';

export const PAST_IMPORTS_MAX_LIMIT = 100;

/** An import as the Import page lists it: what, when, how many and how it ended (no row lists). */
export type PastImport = Omit<PastImportRow, 'report'> & { report: MonicaReportLine[] };

const encode = (row: PastImportRow) => btoa(JSON.stringify([row.created_at, row.id])).replaceAll('=', '');

function decode(cursor: string): [string, string] {
  try {
    const value = JSON.parse(atob(cursor)) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string];
  } catch {
    // the 400 below
  }
  throw new AppError('invalid_request', 'The cursor is not valid', {
    issues: [{ path: 'cursor', message: 'is not a cursor this API gave out' }],
  });
}

/** The user's imports, newest first: a page and the cursor of the next. */
export async function listPastImports(
  store: UserStore,
  { cursor, limit = 20 }: { cursor?: string; limit?: number },
): Promise<{ items: PastImport[]; nextCursor: string | null }> {
  // ADR 073: a limited token cannot import nor read one import's report; nor the files and counts of all.
  assertSeesEveryContact(store.db, 'list imports: their files and counts are of every contact, people kept from this token too');
  const rows = await pastImportsPage(store.d1, store.userId, cursor ? decode(cursor) : null, limit);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({ ...r, report: monicaReport(JSON.parse(r.report) as Record<string, number>) })),
    nextCursor: rows.length > limit ? encode(page[page.length - 1]!) : null,
  };
}
