import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDateFormat } from '../../layout/time-zone';
import { getImport, listPastImports, type PastImport } from '../api-client';
import { ImportProgress } from './import-progress';

const KIND: Record<string, string> = {
  csv: 'CSV file',
  linkedin: 'LinkedIn export',
  vcard: 'vCard file',
  google: 'Google Contacts sync',
  monica: 'Monica',
  backup: 'Backup restored',
};
const STATUS: Record<PastImport['status'], string> = { queued: 'Waiting', running: 'Running', done: 'Finished', failed: 'Stopped' };
const STATUS_TONE: Record<PastImport['status'], string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  running: 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
  done: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function counts(i: PastImport): string {
  const parts = [
    `${i.created.toLocaleString('en')} created`,
    `${i.updated.toLocaleString('en')} updated`,
    `${i.skipped.toLocaleString('en')} unchanged`,
  ];
  if (i.warned) parts.push(plural(i.warned, 'with warnings', 'with warnings'));
  if (i.failed) parts.push(`${i.failed.toLocaleString('en')} not imported`);
  if (i.organizations) parts.push(plural(i.organizations, 'organization'));
  return parts.join(' · ');
}

/** One import: its anchor (`/import#import-<id>`, what life events link to as their evidence) and its report. */
function PastImportItem({ item }: { item: PastImport }) {
  const { dateTime } = useDateFormat();
  const [open, setOpen] = useState(false);
  const title = `${KIND[item.source] ?? item.source}${item.file_name ? `: ${item.file_name}` : ''}`;
  return (
    <li
      id={`import-${item.id}`}
      tabIndex={-1}
      className="scroll-mt-20 rounded-md border border-slate-200 p-3 target:border-brand-500 target:ring-2 target:ring-brand-500 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="break-all text-sm font-medium">{title}</h3>
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_TONE[item.status]}`}>{STATUS[item.status]}</span>
        <time dateTime={item.created_at} className="text-xs text-slate-500">
          {dateTime(item.created_at)}
        </time>
      </div>
      <p className="mt-1 text-sm tabular-nums text-slate-600 dark:text-slate-400">{counts(item)}</p>
      {item.stopped_because ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{item.stopped_because}</p> : null}
      {item.report.length ? (
        <ul className="mt-2 space-y-0.5 text-sm text-slate-600 dark:text-slate-400" aria-label="What came in, and where">
          {item.report.map((line) => (
            <li key={line.kind}>
              <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{line.count.toLocaleString('en')}</span> →{' '}
              {line.where}
            </li>
          ))}
        </ul>
      ) : null}
      {item.warned || item.failed ? (
        <details className="mt-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-700 underline dark:text-brand-300">
            Rows with warnings or not imported
          </summary>
          {open ? <ImportProgress importId={item.id} rowLabel={item.source === 'monica' ? 'Contact' : 'Row'} /> : null}
        </details>
      ) : null}
    </li>
  );
}

/**
 * The Import page's list of past imports, newest first. An address naming an import further
 * back than the first page (a life event's evidence) fetches that one and shows it first.
 */
export function PastImportsCard({ initial, initialCursor }: { initial: PastImport[]; initialCursor: string | null }) {
  const [items, setItems] = useState(initial);
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const id = /^#import-(.+)$/.exec(window.location.hash)?.[1];
    if (!id || initial.some((i) => i.id === id)) return;
    getImport(decodeURIComponent(id))
      .then((found) => {
        const { errors, warnings: _warnings, step: _step, ...view } = found;
        const stopped = found.status === 'failed' ? (errors.find((e) => e.row === 0)?.message ?? null) : null;
        setItems((list) => [{ ...view, stopped_because: stopped }, ...list.filter((i) => i.id !== found.id)]);
        requestAnimationFrame(() => document.getElementById(`import-${found.id}`)?.scrollIntoView());
      })
      .catch(() => undefined);
  }, [initial]);
  const more = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await listPastImports(cursor);
      setItems((list) => [...list, ...page.data.filter((i) => !list.some((l) => l.id === i.id))]);
      setCursor(page.meta.next_cursor);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card title="Past imports" id="past-imports">
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No imports yet. What you import shows here, with what came in.</p>
      ) : (
        <ol className="space-y-3" aria-label="Past imports, newest first">
          {items.map((item) => (
            <PastImportItem key={item.id} item={item} />
          ))}
        </ol>
      )}
      {cursor ? (
        <Button variant="secondary" className="mt-3" disabled={loading} onClick={more}>
          Show older imports
        </Button>
      ) : null}
    </Card>
  );
}
