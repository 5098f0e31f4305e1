import { DELETE_CONTENTS_HOURS, keptData, UNMERGE_DAYS } from './audit-retention';
import { recordsPastWindow, sweepStatements } from './audit-retention-queries';

/** Records one step sweeps: one indexed range, bounded however many windows closed at once. */
export const AUDIT_SWEEP_PAGE = 200;

/**
 * Drops the contents of up to AUDIT_SWEEP_PAGE audit records on one database whose undo or
 * unmerge window closed, in one batch; answers whether a full page went (more may wait).
 */
export async function sweepAuditContentsPage(d1: D1Database, now = new Date()): Promise<boolean> {
  const deletesBefore = new Date(now.getTime() - DELETE_CONTENTS_HOURS * 3_600_000).toISOString();
  const mergesBefore = new Date(now.getTime() - UNMERGE_DAYS * 86_400_000).toISOString();
  const records = await recordsPastWindow(d1, deletesBefore, mergesBefore, AUDIT_SWEEP_PAGE);
  if (records.length === 0) return false;
  const stamp = now.toISOString();
  await d1.batch(records.flatMap((record) => sweepStatements(d1, record, keptData(record.action, record.data), stamp)));
  return records.length === AUDIT_SWEEP_PAGE;
}
