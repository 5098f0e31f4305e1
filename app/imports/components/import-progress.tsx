import { Link } from '@remix-run/react';
import { CheckCircle2, Download, Loader2 } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { errorReportCsv } from '../fields';
import { useImportProgress } from '../hooks/use-import-progress';

/** The progress bar and counts of one running import, and its error report when done. */
export function ImportProgress({ importId, rowLabel = 'Row' }: { importId: string; rowLabel?: string }) {
  const { progress, error } = useImportProgress(importId);
  if (error) return <p role="alert" className="text-sm text-red-600">{error}</p>;
  if (!progress) return <p className="text-sm text-slate-500">Starting…</p>;
  const percent = progress.total ? Math.round((progress.processed / progress.total) * 100) : progress.status === 'done' ? 100 : 0;
  const finished = progress.status === 'done' || progress.status === 'failed';
  const reportHref = `data:text/csv;charset=utf-8,${encodeURIComponent(errorReportCsv(progress.errors))}`;
  return (
    <div className="space-y-3" data-testid="import-progress">
      <div className="flex items-center gap-2 text-sm font-medium">
        {finished ? <CheckCircle2 className="h-4 w-4 text-emerald-600" /> : <Loader2 className="h-4 w-4 animate-spin text-brand-600" />}
        <span>{progress.status === 'done' ? 'Import finished' : progress.status === 'failed' ? 'Import stopped' : 'Importing…'}</span>
        <span className="ml-auto tabular-nums text-slate-500">
          {progress.processed.toLocaleString('en')} / {progress.total.toLocaleString('en')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.processed}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center text-sm">
        {(
          [
            ['Created', progress.created],
            ['Updated', progress.updated],
            ['Skipped', progress.skipped],
            ['Errors', progress.failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`import-${label.toLowerCase()}`}>{value.toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {progress.organizations ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="import-organizations">
          {progress.organizations.toLocaleString('en')} {progress.organizations === 1 ? 'organization' : 'organizations'} from company cards —{' '}
          <Link to="/organizations" className="underline">see organizations</Link>
        </p>
      ) : null}
      {progress.errors.length > 0 ? (
        <div className="text-sm">
          <ul className="max-h-40 list-inside list-disc overflow-y-auto text-slate-600 dark:text-slate-400" aria-label="Rows not imported">
            {progress.errors.slice(0, 20).map((e) => (
              <li key={`${e.row}-${e.message}`}>{rowLabel} {e.row}: {e.message}</li>
            ))}
          </ul>
          {progress.errors.length > 20 ? <p className="mt-1 text-xs text-slate-500">…and {progress.errors.length - 20} more in the report.</p> : null}
        </div>
      ) : null}
      {finished ? (
        <div className="flex flex-wrap gap-2">
          <Link to="/contacts" className={buttonClass('primary')}>See your contacts</Link>
          {progress.errors.length > 0 ? (
            <a href={reportHref} download="kith-import-errors.csv" className={buttonClass('secondary')}>
              <Download className="h-4 w-4" /> Download error report
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
