import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ImportProgress as Progress } from '../api-client';
import { AlertTriangle, CheckCircle2, Download, Loader2, XCircle } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { ProgressBar } from '../../components/ui/progress-bar';
import { importReportCsv } from '../fields';
import { useImportProgress } from '../hooks/use-import-progress';

const SHOWN = 20;

/**
 * The progress bar and counts of one running import; its errors and warnings, and their report, when
 * done. `details` draws what a source adds (Monica's report) from the same poll, so the two never
 * disagree about how far the import is.
 */
export function ImportProgress({
  importId,
  rowLabel = 'Row',
  details,
}: {
  importId: string;
  rowLabel?: string;
  details?: (progress: Progress) => ReactNode;
}) {
  const { progress, error } = useImportProgress(importId);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {error}
      </p>
    );
  if (!progress) return <p className="text-sm text-slate-500">Starting…</p>;
  const percent = progress.total ? Math.round((progress.processed / progress.total) * 100) : progress.status === 'done' ? 100 : 0;
  const finished = progress.status === 'done' || progress.status === 'failed';
  const warnings = progress.warnings ?? [];
  const reportHref = `data:text/csv;charset=utf-8,${encodeURIComponent(importReportCsv(progress.errors, warnings))}`;
  return (
    <div className="space-y-3" data-testid="import-progress">
      <div className="flex items-center gap-2 text-sm font-medium">
        {finished ? <CheckCircle2 className="h-4 w-4 text-emerald-600" /> : <Loader2 className="h-4 w-4 animate-spin text-brand-600" />}
        <span>{progress.status === 'done' ? 'Import finished' : progress.status === 'failed' ? 'Import stopped' : 'Importing…'}</span>
        <span className="ml-auto tabular-nums text-slate-500">
          {progress.processed.toLocaleString('en')} / {progress.total.toLocaleString('en')}
        </span>
      </div>
      <ProgressBar label="Import progress" value={progress.total ? progress.processed : percent} total={progress.total || 100} />
      <dl className="grid grid-cols-5 gap-2 text-center text-sm">
        {(
          [
            ['Created', progress.created, 'bg-slate-50 dark:bg-slate-800'],
            ['Updated', progress.updated, 'bg-slate-50 dark:bg-slate-800'],
            ['Skipped', progress.skipped, 'bg-slate-50 dark:bg-slate-800'],
            ['Warnings', progress.warned ?? 0, progress.warned ? 'bg-amber-50 dark:bg-amber-950/40' : 'bg-slate-50 dark:bg-slate-800'],
            ['Errors', progress.failed, progress.failed ? 'bg-red-50 dark:bg-red-950/40' : 'bg-slate-50 dark:bg-slate-800'],
          ] as const
        ).map(([label, value, tone]) => (
          <div key={label} className={`rounded-md p-2 ${tone}`}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`import-${label.toLowerCase()}`}>
              {value.toLocaleString('en')}
            </dd>
          </div>
        ))}
      </dl>
      {progress.organizations ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="import-organizations">
          {progress.organizations.toLocaleString('en')} {progress.organizations === 1 ? 'organization' : 'organizations'} from company cards
          —{' '}
          <Link to="/organizations" className="underline">
            see organizations
          </Link>
        </p>
      ) : null}
      {progress.errors.length > 0 || warnings.length > 0 ? (
        <div className="grid gap-3 text-sm md:grid-cols-2">
          {progress.errors.length > 0 ? (
            <section aria-label="Rows not imported" className="rounded-md border border-red-200 p-2 dark:border-red-900">
              <h3 className="mb-1 flex items-center gap-1 font-medium text-red-700 dark:text-red-400">
                <XCircle className="h-4 w-4" /> Not imported
              </h3>
              <ul className="max-h-40 space-y-0.5 overflow-y-auto text-slate-600 dark:text-slate-400">
                {progress.errors.slice(0, SHOWN).map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    {rowLabel} {e.row}: {e.message}
                  </li>
                ))}
              </ul>
              {progress.errors.length > SHOWN ? (
                <p className="mt-1 text-xs text-slate-500">…and {progress.errors.length - SHOWN} more in the report.</p>
              ) : null}
            </section>
          ) : null}
          {warnings.length > 0 ? (
            <section aria-label="Imported with warnings" className="rounded-md border border-amber-200 p-2 dark:border-amber-900">
              <h3 className="mb-1 flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
                <AlertTriangle className="h-4 w-4" /> Imported, with warnings
              </h3>
              <ul className="max-h-40 space-y-0.5 overflow-y-auto text-slate-600 dark:text-slate-400">
                {warnings.slice(0, SHOWN).map((w, i) => (
                  <li key={`${w.row}-${i}`}>
                    {rowLabel} {w.row}: {[w.field, w.value ? `"${w.value}"` : '', w.message].filter(Boolean).join(' ')}
                  </li>
                ))}
              </ul>
              {warnings.length > SHOWN ? (
                <p className="mt-1 text-xs text-slate-500">…and {warnings.length - SHOWN} more in the report.</p>
              ) : null}
            </section>
          ) : null}
        </div>
      ) : null}
      {finished ? (
        <div className="flex flex-wrap gap-2">
          <Link to="/contacts" className={buttonClass('primary')}>
            See your contacts
          </Link>
          {progress.errors.length > 0 || warnings.length > 0 ? (
            <a href={reportHref} download="kith-import-report.csv" className={buttonClass('secondary')}>
              <Download className="h-4 w-4" /> Download error report
            </a>
          ) : null}
        </div>
      ) : null}
      {details?.(progress)}
    </div>
  );
}
